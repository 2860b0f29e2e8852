// What every fake Evolution server starts with: its API key, instances' groups and profile
// pictures, the seeded messages (so media can be fetched back as base64) and the media limit.
import type { FakeCollection, FakeGroup, FakeLabel, FakeProduct } from './types.ts';

export const DEFAULT_API_KEY = 'global-test-key';
export const DEFAULT_MEDIA_LIMIT_BYTES = 15 * 1024 * 1024;

/**
 * The instances' number (51900000001) is a plain member of *Ventas Lima* and the superadmin of
 * *Soporte Clientes*: what an admin may do, and what a member may not, on the seeds alone.
 */
export const DEFAULT_GROUPS: readonly FakeGroup[] = [
	{
		id: '120363025246125486@g.us',
		subject: 'Ventas Lima',
		owner: '51987654321@s.whatsapp.net',
		desc: 'Pedidos y cotizaciones',
		inviteCode: 'K1nGsR2dXlT7zQe9kP4mWv',
		participants: [
			{ id: '51987654321@s.whatsapp.net', admin: 'superadmin' },
			{ id: '51912345678@s.whatsapp.net', admin: 'admin' },
			{ id: '51900000001@s.whatsapp.net', admin: null },
		],
	},
	{
		id: '120363111111111111@g.us',
		subject: 'Soporte Clientes',
		inviteCode: 'Sp0rT3cL13nT3sAbCdEfGh',
		participants: [
			{ id: '51900000001@s.whatsapp.net', admin: 'superadmin' },
			{ id: '51912345678@s.whatsapp.net', admin: null },
		],
	},
];

export const DEFAULT_PROFILE_PICTURES: Readonly<Record<string, string>> = {
	'51987654321': 'https://pps.whatsapp.net/v/t61.24694-24/ana-torres.jpg',
};

/** Contacts' About texts (what `chat/fetchProfile` answers as a contact's `status`). */
export const DEFAULT_ABOUTS: Readonly<Record<string, string>> = {
	'51987654321': 'Disponible',
};

/** A WhatsApp Business account, as Baileys' getBusinessProfile answers it. */
export const DEFAULT_BUSINESS_PROFILES: Readonly<Record<string, Record<string, unknown>>> = {
	'51944444444': {
		wid: '51944444444@s.whatsapp.net',
		address: 'Av. Larco 123, Miraflores, Lima',
		description: 'Bodega y abarrotes, delivery en Miraflores',
		website: ['https://bodega.example.pe'],
		email: 'ventas@bodega.example.pe',
		category: 'Grocery Store',
		business_hours: { timezone: 'America/Lima' },
	},
};

/** Ids of the messages every fake starts with (instance `sales`, from 51987654321, not fromMe). */
export const SEEDED_MESSAGES = {
	/** A 1×1 PNG, caption `Foto del recibo`, no file name (so its base64 answer names it `INCOMINGIMAGE0001.png`). */
	image: 'INCOMINGIMAGE0001',
	/** A small PDF named `Factura F001-123.pdf`. */
	document: 'INCOMINGDOC00001',
	/** A text message: not media. */
	text: 'INCOMINGTEXT0001',
} as const;

export const SEEDED_PNG = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
	'base64',
);
export const SEEDED_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** The sender of the seeded messages. */
export const SEEDED_SENDER = '51987654321@s.whatsapp.net';

/** The pairing code the fake's instances show when a number is given (Baileys' requestPairingCode: 8 characters). */
export const FAKE_PAIRING_CODE = 'K7Q2M9XP';

/** The WhatsApp Business labels of `sales` (a business account): the five defaults, then one added. */
export const DEFAULT_LABELS: Readonly<Record<string, FakeLabel[]>> = {
	sales: [
		{ id: '1', name: 'Nuevo cliente', color: '1', predefinedId: '1' },
		{ id: '2', name: 'Nuevo pedido', color: '2', predefinedId: '2' },
		{ id: '3', name: 'Pago pendiente', color: '3', predefinedId: '3' },
		{ id: '4', name: 'Pagado', color: '4', predefinedId: '4' },
		{ id: '5', name: 'Pedido finalizado', color: '5', predefinedId: '5' },
		{ id: '6', name: 'Mayorista', color: '11', predefinedId: null },
	],
};

/** A product as Baileys' parseProductNode gives it (price in thousandths of the currency). */
const product = (index: number): FakeProduct => ({
	id: String(7_000_000_000_000_000 + index),
	imageUrls: {
		requested: `https://mmg.whatsapp.net/v/t45.5328-4/producto-${index}.jpg`,
		original: `https://mmg.whatsapp.net/v/t45.5328-4/producto-${index}-original.jpg`,
	},
	reviewStatus: { whatsapp: 'APPROVED' },
	availability: 'in stock',
	name: `Producto ${index}`,
	retailerId: `SKU-${String(index).padStart(3, '0')}`,
	url: `https://bodega.example.pe/p/${index}`,
	description: `Abarrotes, artículo ${index}`,
	price: 1_000 * (index + 1) + 500,
	currency: 'PEN',
	isHidden: false,
});

/** The catalog of the business 51944444444: 12 products, more than one page of the server's default 10. */
export const DEFAULT_CATALOGS: Readonly<Record<string, FakeProduct[]>> = {
	'51944444444': Array.from({ length: 12 }, (_, index) => product(index + 1)),
};

export const DEFAULT_COLLECTIONS: Readonly<Record<string, FakeCollection[]>> = {
	'51944444444': [
		{ id: '800000000000001', name: 'Bebidas', products: [product(1), product(2), product(3)], status: { status: 'APPROVED', canAppeal: true } },
		{ id: '800000000000002', name: 'Ofertas', products: [product(4)], status: { status: 'APPROVED', canAppeal: true } },
	],
};

/** What `GET /` names when the fake is not told otherwise. */
export const DEFAULT_SERVER_VERSION = '2.3.6';
