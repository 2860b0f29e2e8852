// Copies what tsc does not emit (node icons and codex files) next to the compiled nodes and credentials.
const { src, dest, parallel } = require('gulp');

function copyNodeAssets() {
	return src(['nodes/**/*.{svg,png,json}'], { encoding: false }).pipe(dest('dist/nodes'));
}

function copyCredentialAssets() {
	return src(['credentials/**/*.{svg,png}'], { encoding: false, allowEmpty: true }).pipe(
		dest('dist/credentials'),
	);
}

exports.build = parallel(copyNodeAssets, copyCredentialAssets);
exports.default = exports.build;
