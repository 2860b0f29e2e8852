// A 2xx JSON `null` where a route reads something stored: what it means for the route that said it.
import type { RequestContext } from '../shared/contract';
import type { Failure } from '../shared/errors';

export function nullAnswerFailure(context: RequestContext, instance: string, httpCode: string): Failure | undefined {
	// settings/find answers null for an instance with no settings row (Evolution makes one with the instance).
	if (context.routeKind === 'settings') {
		return {
			message: `${instance} has no settings stored on the server (it answered null)`,
			description: 'Evolution API stores the settings when it creates an instance. Save them once in the Evolution API manager (Settings), then run again.',
			httpCode,
		};
	}
	// Chat → Get Chat's own null is with it (getChat.ts).
	return undefined;
}
