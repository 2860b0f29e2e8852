// What a field may read of its item: the item's parameters and checks, its input and files, and the
// run's other items. Types only; RoutingNode's per-item functions and a custom operation's execute
// functions both give them (itemReader.ts makes the reader).
import type { INode, INodeExecutionData } from 'n8n-workflow';

import type { Checked } from './checks';

/** An input item of the node's run, as a field of an operation run once for all of them reads it. */
export interface RunItem {
	/** Its position among the node's input items. */
	readonly index: number;
	/** Its value of a top-level parameter: the expression evaluated for this item, a plain value as set. */
	parameter(name: string, fallback?: unknown): unknown;
	/** The clean value of a check, or throws the error that names this item, the label and the value. */
	require<T>(label: string, raw: unknown, checked: Checked<T>): T;
}

/**
 * What a field may use of its item's run besides parameters: the input item and its files. Both
 * RoutingNode's per-item functions and an operation run as n8n's custom operation give it.
 */
export interface ItemFunctions {
	getNode(): INode;
	getItemIndex(): number;
	getInputData(): INodeExecutionData;
	helpers: {
		getBinaryDataBuffer(propertyName: string): Promise<Buffer>;
		/** A file of n8n's binary store (filesystem, database, S3), read as it is consumed. */
		getBinaryStream(binaryDataId: string): Promise<AsyncIterable<Buffer>>;
		getBinaryMetadata(binaryDataId: string): Promise<{ fileSize: number }>;
	};
}

/** One input item, as a field reads it. */
export interface ItemReader {
	readonly fns: ItemFunctions;
	/** The item's value of a parameter; `extractValue` gives a resource locator's value. */
	parameter(name: string, fallback?: unknown, options?: { extractValue?: boolean }): unknown;
	/** The clean value of a check, or throws the error that names the item, the label and the value. */
	require<T>(label: string, raw: unknown, checked: Checked<T>): T;
	/** Every input item of the node's run, this one included, in order: for an operation run once for them all (`oncePerRun`). */
	runItems(): RunItem[];
}
