// What Connect and Restart make of Evolution's answer: the QR code as a PNG file of the item (not
// the base64 text), the pairing code and the raw code in the JSON; an open instance's state as it is.
import type { IBinaryKeyData, IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

/** The binary field the QR code goes into. */
export const QR_BINARY_FIELD = 'data';

/** The PNG of a `data:image/png;base64,...` QR code, or undefined when the answer has none. */
export function qrPng(qrcode: unknown): Buffer | undefined {
	const base64 = (qrcode as IDataObject | undefined)?.base64;
	if (typeof base64 !== 'string' || base64 === '') return undefined;
	const bytes = Buffer.from(base64.replace(/^data:[^,]*,/, ''), 'base64');
	return bytes.length > 0 ? bytes : undefined;
}

/** The QR code as the item's binary field `data`, named `<instance>-qr.png`; none when there is no QR code. */
export async function qrBinary(qrcode: unknown, instanceName: string, fns: IExecuteSingleFunctions): Promise<IBinaryKeyData | undefined> {
	const png = qrPng(qrcode);
	if (!png) return undefined;
	return { [QR_BINARY_FIELD]: await fns.helpers.prepareBinaryData(png, `${instanceName}-qr.png`, 'image/png') };
}

/**
 * Connect's item. An open instance answers its state (`{instance: {instanceName, state}}`): no QR
 * code to scan, and the item says so. Otherwise the answer is the QR code (`{pairingCode, code,
 * base64, count}`), or only `{count}` while WhatsApp has not sent one yet.
 */
export function connectItem(answer: unknown, instanceName: string): IDataObject {
	const body = (answer ?? {}) as IDataObject;
	const reported = body.instance as IDataObject | undefined;
	if (reported && typeof reported === 'object') {
		const state = typeof reported.state === 'string' ? reported.state : 'unknown';
		return {
			instanceName: reported.instanceName ?? instanceName,
			state,
			connected: state === 'open',
			qrCode: false,
			message: state === 'open' ? 'The instance is already connected: there is no QR code to scan.' : `The instance is ${state}: the server answered no QR code.`,
		};
	}
	const hasQr = qrPng(body) !== undefined;
	return {
		instanceName,
		state: 'connecting',
		connected: false,
		qrCode: hasQr,
		pairingCode: body.pairingCode ?? null,
		code: body.code ?? null,
		count: body.count ?? 0,
		...(hasQr
			? {}
			: { message: 'WhatsApp has not sent a QR code yet: run Connect again in a few seconds.' }),
	};
}
