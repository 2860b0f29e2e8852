import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { groupDescription, groupSubject } from './groupFields';
import { allItemsTogether, participants, participantsFrom } from './participantFields';

export const createGroup = operation({
	name: 'Create',
	value: 'create',
	action: 'Create group',
	description: "A new group of these numbers, or of every input item's number",
	subtitle: 'Create Group',
	request: { method: 'POST', path: '/group/create/{instanceName}' },
	fields: [instance, groupSubject, participantsFrom, participants, groupDescription],
	// A sheet of customers makes one group: one request with every item's number.
	oncePerRun: allItemsTogether,
	// The item is Baileys' metadata of the new group: numbers not on WhatsApp are left out of it.
	subject: ({ groupSubject: name }) => `the new group "${name}"`,
});
