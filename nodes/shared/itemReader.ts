// An input item as an operation's fields read it: its parameters, its checks naming it, its input
// and files, and the run's other items (for an operation made once for all of them). Both
// RoutingNode's items (runner.ts) and a custom operation's (customOperation.ts) are read so.
import type { IExecuteSingleFunctions } from 'n8n-workflow';

import type { ItemReader, RunItem } from './contract';
import { requireValid } from './errors';

/** What a run's items share: the node's functions, any item's (every item of a run is given the same execute data). */
export type RunFunctions = Pick<IExecuteSingleFunctions, 'getExecuteData' | 'getExecutionCancelSignal' | 'getNode' | 'evaluateExpression'>;

/** How many input items the node's run has. */
export const runSize = (fns: RunFunctions, itemIndex: number) => fns.getExecuteData?.()?.data?.main?.[0]?.length ?? itemIndex + 1;

/** Another input item of the run: its parameters' expressions evaluated for it, its errors naming it. */
function otherRunItem(fns: RunFunctions, index: number): RunItem {
	return {
		index,
		parameter(name, fallback) {
			const raw = fns.getNode().parameters[name] ?? fallback;
			return typeof raw === 'string' && raw.startsWith('=') ? fns.evaluateExpression(raw.slice(1), index) : raw;
		},
		require: (label, raw, checked) => requireValid(fns.getNode(), index, label, raw, checked),
	};
}

export type ItemReaderFunctions = ItemReader['fns'];

/** An item as its fields read it: its parameters, its checks naming it, its input and files, the run's other items. */
export function itemReader(fns: RunFunctions, itemFns: ItemReaderFunctions, parameter: ItemReader['parameter']): ItemReader {
	const itemIndex = itemFns.getItemIndex();
	const reader: ItemReader = {
		fns: itemFns,
		parameter,
		require: (label, raw, checked) => requireValid(fns.getNode(), itemIndex, label, raw, checked),
		runItems: () =>
			Array.from({ length: runSize(fns, itemIndex) }, (_, index) => (index === itemIndex ? { ...reader, index } : otherRunItem(fns, index))),
	};
	return reader;
}
