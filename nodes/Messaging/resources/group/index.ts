import type { Resource } from '../../../shared/contract';
import { acceptGroupInvite } from './acceptInvite';
import { createGroup } from './create';
import { getGroup } from './get';
import { getGroupInviteCode } from './getInviteCode';
import { getGroupInviteInfo } from './getInviteInfo';
import { getManyGroups } from './getMany';
import { getGroupParticipants } from './getParticipants';
import { leaveGroup } from './leave';
import { revokeGroupInviteCode } from './revokeInviteCode';
import { sendGroupInvite } from './sendInvite';
import { setGroupDisappearingMessages } from './setDisappearingMessages';
import { updateGroupDescription } from './updateDescription';
import { updateGroupParticipants } from './updateParticipants';
import { updateGroupPicture } from './updatePicture';
import { updateMemberAddMode } from './updateMemberAddMode';
import { updateGroupSetting } from './updateSetting';
import { updateGroupSubject } from './updateSubject';

export const group: Resource = {
	name: 'Group',
	value: 'group',
	operations: [
		getManyGroups,
		getGroup,
		createGroup,
		updateGroupSubject,
		updateGroupDescription,
		updateGroupPicture,
		getGroupParticipants,
		updateGroupParticipants,
		getGroupInviteCode,
		getGroupInviteInfo,
		acceptGroupInvite,
		sendGroupInvite,
		revokeGroupInviteCode,
		updateGroupSetting,
		updateMemberAddMode,
		setGroupDisappearingMessages,
		leaveGroup,
	],
	default: 'getMany',
};
