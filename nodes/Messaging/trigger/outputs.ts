// The trigger's outputs (Options → Outputs): one, or one per chosen event, named as the event list
// names it. The editor draws them from the node's `outputs` expression; a delivery leaves by its
// event's output. Both are derived from TRIGGER_EVENTS by one function, `eventOutputs`.
import type { ExpressionString, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { TRIGGER_EVENTS, type TriggerEvent } from './events';

/** The events a new trigger starts on (Trigger On's default). */
export const DEFAULT_EVENTS: TriggerEvent[] = ['messageReceived'];

/** An event with an output of its own: its value and the name its output shows. */
type EventOutput = [event: string, name: string];

/** The event list as `eventOutputs` takes it: in its order, each event's value and name. */
const EVENT_LIST: EventOutput[] = TRIGGER_EVENTS.map(({ value, name }) => [value, name]);

/**
 * The events that have an output of their own, in the event list's order, each with its name; none
 * (undefined) with Outputs: One. n8n evaluates this function's source text in the node's `outputs`
 * expression (as n8n's Switch and Webhook nodes do theirs), in the editor and in the engine, so it
 * reads nothing but its arguments: the node's parameters as saved (a parameter left at its default
 * may be missing), the event list and Trigger On's default.
 */
export function eventOutputs(parameters: { events?: unknown; options?: unknown }, list: EventOutput[], defaultEvents: string[]): EventOutput[] | undefined {
	const options = parameters.options;
	if (typeof options !== 'object' || options === null || (options as { outputs?: unknown }).outputs !== 'perEvent') return undefined;
	const chosen = Array.isArray(parameters.events) ? (parameters.events as unknown[]) : defaultEvents;
	return list.filter((output) => chosen.includes(output[0]));
}

/**
 * The node's `outputs`: the one main output, as before the option existed, or one per chosen event,
 * named. The list and the default are written into the expression as JSON (arrays of strings: no
 * `}}` that would end the expression early).
 */
export const TRIGGER_OUTPUTS: ExpressionString = `={{ ((outputs) => outputs ? outputs.map((output) => ({ type: 'main', displayName: output[1] })) : ['main'])((${eventOutputs.toString()})($parameter, ${JSON.stringify(EVENT_LIST)}, ${JSON.stringify(DEFAULT_EVENTS)})) }}`;

/** The Outputs option of the trigger's Options. */
export const OUTPUTS_OPTION: INodeProperties = {
	displayName: 'Outputs',
	name: 'outputs',
	type: 'options',
	options: [
		{ name: 'One', value: 'one', description: 'Every delivery leaves by the one output; its item\'s "event" says which it is' },
		{
			name: 'One per Event',
			value: 'perEvent',
			description:
				'An output for each event in Trigger On, named after it; each delivery leaves by its event\'s. With All Events, the events without an output of their own leave by All Events.',
		},
	],
	default: 'one',
	description: 'Whether the workflow gets every event on one output, or each event on an output of its own (no Switch needed)',
};

/**
 * The node's output data for a delivery's items: all on the one output, or on the output of the
 * delivery's event (All Events' when its event has none), the other outputs empty.
 */
export function byOutput(items: INodeExecutionData[], parameters: { events: TriggerEvent[]; options: object }, kind: TriggerEvent | undefined): INodeExecutionData[][] {
	const outputs = eventOutputs(parameters, EVENT_LIST, DEFAULT_EVENTS);
	if (!outputs) return [items];
	const own = outputs.some(([event]) => event === kind);
	return outputs.map(([event]) => (event === (own ? kind : 'all') ? items : []));
}
