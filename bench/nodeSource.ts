// Which nodes a bench case runs: this checkout's (the test harness's registry), those of another
// checkout (BENCH_NODES_ROOT, for before/after comparisons with one harness), or a Messaging node
// widened to k times its operations (BENCH_MESSAGING_WIDTH, for the cost of a property per item).
// Another checkout's nodes are loaded from its TypeScript sources through bench/register.cjs, which
// pins n8n-workflow and n8n-core to this checkout's copies, so both run on the same engine.
import path from 'node:path';

import type { ICredentialType, INodeProperties, INodeType, INodeTypeDescription, IVersionedNodeType } from 'n8n-workflow';

import type { Field, Operation, Resource } from '../nodes/shared/contract';
import { nodeProperties } from '../nodes/shared/editor';
import { Messaging } from '../nodes/Messaging/Messaging.node';
import { chat } from '../nodes/Messaging/resources/chat';
import { group } from '../nodes/Messaging/resources/group';
import { instanceResource } from '../nodes/Messaging/resources/instance';
import { message } from '../nodes/Messaging/resources/message';
import { messagingApi } from '../nodes/Messaging/transport';
import { asN8nPreparesIt, registerCredentialType } from '../test/harness/engine';

export const PACKAGE = 'n8n-nodes-taxpayer-messaging';
/** The widened Messaging node's type (BENCH_MESSAGING_WIDTH copies of every operation). */
export const MESSAGING_WIDE = 'bench.messagingWide';

/** The package's nodes as n8n prepares them (Request Options; an `execute` running RoutingNode: test/harness/engine.ts). */
const prepared = asN8nPreparesIt;

let fromRoot: Record<string, INodeType> | undefined;

/**
 * Taxpayer Lookup and Messaging (and their credential types, which replace the harness's: their
 * `authenticate` is what signs each request) from the checkout at `root`, by full type name.
 */
export function nodesOfCheckout(root: string): Record<string, INodeType> {
	if (fromRoot) return fromRoot;
	/* eslint-disable @typescript-eslint/no-require-imports */
	const load = (file: string, name: string) => require(path.resolve(root, file))[name];
	registerCredentialType(new (load('credentials/TaxpayerLookupApi.credentials.ts', 'TaxpayerLookupApi'))() as ICredentialType);
	registerCredentialType(new (load('credentials/MessagingApi.credentials.ts', 'MessagingApi'))() as ICredentialType);
	fromRoot = {
		[`${PACKAGE}.taxpayerLookup`]: prepared(new (load('nodes/TaxpayerLookup/TaxpayerLookup.node.ts', 'TaxpayerLookup'))()),
		[`${PACKAGE}.messaging`]: prepared(new (load('nodes/Messaging/Messaging.node.ts', 'Messaging'))()),
	};
	/* eslint-enable @typescript-eslint/no-require-imports */
	return fromRoot;
}

// ------------------------------------------------------------ Messaging widened k times

/** A field of copy `k`: its parameters renamed (`text` → `textCopy2`), so each copy adds properties of its own. */
function fieldCopy(field: Field, k: number): Field {
	const rename = (property: INodeProperties): INodeProperties => ({ ...property, name: `${property.name}Copy${k}` });
	return { ...field, name: `${field.name}Copy${k}`, properties: field.properties.map(rename) };
}

/**
 * The resource with `width - 1` copies of each of its operations (values `sendTextCopy1`...), after
 * the originals, which stay as they are. With `sharedFields`, the copies use the originals' fields
 * (one property per meaning, shown for more operations); without, each copy has fields of its own
 * (one property per operation that uses it: about `width` times the properties).
 */
export function widenedResource(resource: Resource, width: number, sharedFields: boolean): Resource {
	const copies: Operation[] = [];
	for (let k = 1; k < width; k++) {
		const fieldsOfCopy = new Map<Field, Field>();
		const copyOf = (field: Field) => {
			if (sharedFields) return field;
			if (!fieldsOfCopy.has(field)) fieldsOfCopy.set(field, fieldCopy(field, k));
			return fieldsOfCopy.get(field) as Field;
		};
		for (const op of resource.operations) {
			copies.push({ ...op, name: `${op.name} (Copy ${k})`, value: `${op.value}Copy${k}`, fields: op.fields.map(copyOf) });
		}
	}
	return { ...resource, operations: [...resource.operations, ...copies] };
}

/** Messaging as shipped, its properties rebuilt by the project's builder over its resources widened `width` times. */
export function widenedMessaging(width: number, sharedFields = false): INodeType {
	const node = new Messaging();
	const resources = [message, chat, group, instanceResource].map((resource) => widenedResource(resource, width, sharedFields));
	// The node's own Request Options too: n8n's loader adds none to a node with a `webhook` method.
	const requestOptions = node.description.properties.filter((property) => property.name === 'requestOptions');
	const description: INodeTypeDescription = { ...node.description, properties: [...nodeProperties(messagingApi, resources, 'message'), ...requestOptions] };
	return prepared(Object.assign(node, { description }));
}

let wide: INodeType | undefined;

/** The node types a bench case asks for by name, or undefined for the harness's own. */
export function nodeTypeFromEnvironment(name: string): INodeType | IVersionedNodeType | undefined {
	if (name === MESSAGING_WIDE) {
		const width = Number(process.env.BENCH_MESSAGING_WIDTH ?? 1);
		if (!Number.isInteger(width) || width < 1) throw new Error(`BENCH_MESSAGING_WIDTH must be a whole number ≥ 1, not ${process.env.BENCH_MESSAGING_WIDTH}`);
		return (wide ??= widenedMessaging(width, process.env.BENCH_MESSAGING_FIELDS === 'shared'));
	}
	const root = process.env.BENCH_NODES_ROOT;
	if (root && name.startsWith(`${PACKAGE}.`)) return nodesOfCheckout(root)[name];
	return undefined;
}
