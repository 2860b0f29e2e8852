import type { Resource } from '../../../shared/contract';
import { getMedia } from './getMedia';
import { getMediaUrl } from './getMediaUrl';

/** The media files the server keeps in its S3 bucket (src/api/integrations/storage/s3/). */
export const storage: Resource = {
	name: 'Storage (S3)',
	value: 'storage',
	operations: [getMedia, getMediaUrl],
	default: 'getMedia',
};
