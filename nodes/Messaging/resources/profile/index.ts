import type { Resource } from '../../../shared/contract';
import { getBusinessProfile } from './getBusinessProfile';
import { getPrivacySettings } from './getPrivacySettings';
import { getProfile } from './getProfile';
import { removePicture } from './removePicture';
import { updateName } from './updateName';
import { updatePicture } from './updatePicture';
import { updatePrivacySettings } from './updatePrivacySettings';
import { updateStatus } from './updateStatus';

export const profile: Resource = {
	name: 'Profile',
	value: 'profile',
	operations: [getProfile, getBusinessProfile, updateName, updateStatus, updatePicture, removePicture, getPrivacySettings, updatePrivacySettings],
	default: 'getProfile',
};
