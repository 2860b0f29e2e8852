// The fake's instances for the operations that answer differently by channel (Business, Label):
// `sales` on Baileys, `offline` closed, and `cloud` on the WhatsApp Cloud API (a business id).
import type { EvolutionFakeOptions } from '../../../fakes/evolution';

export const CHANNEL_INSTANCES: EvolutionFakeOptions['instances'] = [
	{ name: 'sales', connectionStatus: 'open' },
	{ name: 'offline', connectionStatus: 'close' },
	{ name: 'cloud', connectionStatus: 'open', integration: 'WHATSAPP-BUSINESS', businessId: '1234567890' },
];
