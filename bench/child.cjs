// How every bench child ends: its result to the parent over IPC (or to stdout, when run by hand)
// and exit 0; an error on stderr and exit 1.
'use strict';

function runBenchChild(main, { indent } = {}) {
	main().then(
		(result) => {
			if (process.send) process.send(result);
			else console.log(JSON.stringify(result, null, indent));
			process.exit(0);
		},
		(error) => {
			console.error(error);
			process.exit(1);
		},
	);
}

module.exports = { runBenchChild };
