import { operation } from '../../../shared/contract';

export const getServerInfo = operation({
	name: 'Get Server Info',
	value: 'getServerInfo',
	action: 'Get Evolution API server info',
	description: "The server's Evolution API version, client name and manager address",
	subtitle: 'Get Server Info',
	// The server's welcome route: no instance, no key needed (the credential's is sent anyway).
	request: { method: 'GET', path: '/' },
	fields: [],
	subject: () => 'the server info',
});
