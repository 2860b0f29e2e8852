import type { Resource } from '../../../shared/contract';
import { addLabelToChat } from './addToChat';
import { getManyLabels } from './getMany';
import { removeLabelFromChat } from './removeFromChat';

export const labelResource: Resource = {
	name: 'Label',
	value: 'label',
	operations: [getManyLabels, addLabelToChat, removeLabelFromChat],
	default: 'getMany',
};
