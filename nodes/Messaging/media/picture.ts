// A profile or group picture: the file read by `mediaFile`, checked as the picture routes take it
// (an image; a URL the server itself downloads), under the body key of the route.
import { bad } from '../../shared/checks';
import { valueOf, type Field } from '../../shared/contract';
import { inBody } from '../../shared/fields';
import { base64Of, mediaFile } from './source';

/** class-validator's isURL, which the server applies: a host with a top-level domain, or an IP address. */
const hasPublicHost = (url: string) => {
	const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
	return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':') || /\.[a-z\u00a1-\uffff]{2,}$/i.test(host);
};

/** The picture, from `mediaFile` (listed before it), sent under `key`: a URL the server downloads, or raw base64; an image. */
export const pictureIn = <K extends string>(key: K): Field<K, string> => ({
	name: key,
	properties: [],
	async read(item, before) {
		const file = valueOf(before, mediaFile);
		if (file.mimeType && !file.mimeType.startsWith('image/'))
			item.require('File', file.fileName ?? file.mimeType, bad('is not an image: a picture is a JPEG or PNG', 'Give an image file.'));
		if (file.source === 'url' && !hasPublicHost(file.media))
			item.require('Media URL', file.media, bad('has a host without a domain ending (such as localhost): the server refuses it', 'Use an address with a full domain name or an IP address.'));
		return await base64Of(item, file);
	},
	to: inBody(key),
});
