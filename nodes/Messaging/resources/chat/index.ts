import type { Resource } from '../../../shared/operation';
import { checkNumbers } from './checkNumbers';

export const chat: Resource = {
	name: 'Chat',
	value: 'chat',
	operations: [checkNumbers],
	default: 'checkNumbers',
};
