// Where each node's "Docs" link goes. n8n opens a node's `documentationUrl` as it is when it is a
// full address, but adds `?utm_source=…` after the codex's documentation URL, which breaks an
// anchor (`README#messaging-trigger?utm_source=…` opens the top of the page).
export const README_URL = 'https://github.com/n8n-nodes-taxpayer-messaging/n8n-nodes-taxpayer-messaging';

/** The README's section about a node, by its heading's anchor. */
export const readmeSection = (anchor: string): string => `${README_URL}#${anchor}`;
