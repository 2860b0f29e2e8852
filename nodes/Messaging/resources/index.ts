// The Messaging node's resources, the most used first: the node creator lists the actions resource
// by resource, and a new node opens on the first.
import type { Resource } from '../../shared/contract';
import { business } from './business';
import { chat } from './chat';
import { chatbot } from './chatbot';
import { group } from './group';
import { instanceResource } from './instance';
import { integration } from './integration';
import { labelResource } from './label';
import { message } from './message';
import { profile } from './profile';
import { server } from './server';
import { settings } from './settings';
import { storage } from './storage';
import { template } from './template';

export const MESSAGING_RESOURCES: Resource[] = [
	message,
	chat,
	group,
	instanceResource,
	settings,
	profile,
	labelResource,
	business,
	template,
	storage,
	server,
	integration,
	chatbot,
];
