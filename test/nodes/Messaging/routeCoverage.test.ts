// Every Evolution API client route of 2.3.6, 2.3.7 and 2.4.0-rc2 is an operation of the Messaging node (or a request the
// node, its trigger or its credential test makes), except those left out on purpose, each with why.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import type { INodePropertyOptions } from 'n8n-workflow';
import { describe, expect, it } from 'vitest';

import { Messaging } from '../../../nodes/Messaging/Messaging.node';
import { MESSAGING_RESOURCES } from '../../../nodes/Messaging/resources';
import { EVOLUTION_ROUTES, NOT_FOR_WORKFLOWS, ROUTE_SINCE } from './evolutionRoutes';

const MESSAGING_FOLDER = path.join(__dirname, '../../../nodes/Messaging');

/** A route with its path parameters as `:param`, so `{botId}` and `:typebotId` compare equal. */
const normalised = (route: string) => route.replace(/\/(:\w+|\{\w+\})/g, '/:param');

/** The values of the node's option property `name` (a picker a path takes a part from). */
function optionValues(name: string): string[] {
	const properties = new Messaging().description.properties.filter((property) => property.name === name);
	return properties.flatMap((property) => ((property.options ?? []) as INodePropertyOptions[]).map((option) => String(option.value)));
}

/** An operation's request as routes: `{instanceName}` and id placeholders stay parameters; a picker's placeholder (`{bot}`) becomes each of its values. */
function routesOf(method: string, pathTemplate: string): string[] {
	let routes = [`${method} ${pathTemplate}`];
	for (const [, name] of pathTemplate.matchAll(/\{(\w+)\}/g)) {
		const values = optionValues(name);
		if (values.length === 0) continue;
		routes = routes.flatMap((route) => values.map((value) => route.replace(`{${name}}`, value)));
	}
	return routes.map(normalised);
}

function filesUnder(folder: string): string[] {
	return readdirSync(folder).flatMap((name) => {
		const file = path.join(folder, name);
		if (statSync(file).isDirectory()) return filesUnder(file);
		return file.endsWith('.ts') ? [file] : [];
	});
}

/** The requests written in code rather than as an operation's route: a second request of an operation, the trigger's, the credential test's. */
function requestsInCode(): string[] {
	const routes: string[] = [];
	for (const file of filesUnder(MESSAGING_FOLDER)) {
		const source = readFileSync(file, 'utf8');
		for (const [, method, url] of source.matchAll(/method: '(GET|POST|PUT|DELETE)',\s*(?:url|path): [`']([^`']+)[`']/g)) {
			routes.push(...routesOf(method, url.replace(/\$\{encodeURIComponent\((\w+)\)\}/g, '{$1}').replace(/\$\{(\w+)\}/g, '{$1}').replace(/\?.*$/, '')));
		}
	}
	return routes;
}

function usedRoutes(): Set<string> {
	const used = new Set<string>();
	for (const resource of MESSAGING_RESOURCES)
		for (const operation of resource.operations)
			if (operation.request) routesOf(operation.request.method, operation.request.path).forEach((route) => used.add(route));
	requestsInCode().forEach((route) => used.add(route));
	return used;
}

describe("Evolution API's client routes", () => {
	it('are all used by the Messaging node, except those left out on purpose', () => {
		const used = usedRoutes();
		const unused = EVOLUTION_ROUTES.filter((route) => !(route in NOT_FOR_WORKFLOWS) && !used.has(normalised(route)));
		expect(unused).toEqual([]);
	});

	it('leaves out no route the node uses (a route made an operation comes off NOT_FOR_WORKFLOWS and its table)', () => {
		const used = usedRoutes();
		expect(Object.keys(NOT_FOR_WORKFLOWS).filter((route) => used.has(normalised(route)))).toEqual([]);
	});

	it('lists only routes Evolution has: the node uses none that 2.3.6 to 2.4.0-rc2 do not declare', () => {
		const known = new Set(EVOLUTION_ROUTES.map(normalised));
		expect([...usedRoutes()].filter((route) => !known.has(route))).toEqual([]);
	});

	it('leaves out only the routes the issue names: raw Baileys protocol, metrics, inbound webhooks, the manager and its login, and the licence', () => {
		for (const [route, why] of Object.entries(NOT_FOR_WORKFLOWS)) {
			expect(EVOLUTION_ROUTES, route).toContain(route);
			expect(why.trim(), route).not.toBe('');
		}
		expect(Object.keys(NOT_FOR_WORKFLOWS).filter((route) => / \/(message|chat|group|instance|label|business|template|proxy|settings|call)\//.test(route))).toEqual([]);
	});

	it('lists the release of every route 2.3.6 lacks among the routes', () => {
		for (const route of Object.keys(ROUTE_SINCE)) expect(EVOLUTION_ROUTES, route).toContain(route);
	});

	it('names every route left out in docs/evolution-api.md, where it says why', () => {
		const page = readFileSync(path.join(__dirname, '../../../docs/evolution-api.md'), 'utf8');
		const bots = /^\/(typebot|evolutionBot|dify|flowise|openai|n8n|evoai)\//;
		const written = (route: string) => {
			const [method, pathTemplate] = route.split(' ');
			return `${method} ${pathTemplate.replace(bots, '/{bot}/').replace('/:instanceName', '/{instance}').replace(/\/:\w+/g, '/{id}')}`;
		};
		expect(Object.keys(NOT_FOR_WORKFLOWS).filter((route) => !page.includes(`\`${written(route)}\``))).toEqual([]);
	});

	it('names every 2.3.7 and 2.4 route in docs/evolution-api.md with its release', () => {
		const page = readFileSync(path.join(__dirname, '../../../docs/evolution-api.md'), 'utf8');
		for (const [route, since] of Object.entries(ROUTE_SINCE)) {
			const [method, pathTemplate] = route.split(' ');
			const written = `${method} ${pathTemplate.replace('/:instanceName', '/{instance}')}`;
			expect(page, route).toContain(`| \`${written}\` | ${since} |`);
		}
	});
});
