// The Messaging node's resources, the most used first: the node creator lists the actions resource
// by resource, and a new node opens on the first.
import type { Resource } from '../../shared/contract';
import { chat } from './chat';
import { group } from './group';
import { instanceResource } from './instance';
import { message } from './message';
import { profile } from './profile';
import { settings } from './settings';

export const MESSAGING_RESOURCES: Resource[] = [message, chat, group, instanceResource, settings, profile];
