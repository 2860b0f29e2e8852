import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { BOOKS } from '../../sire/books';
import { binaryField, book, fileForm, period } from '../../sire/fields';
import { EXPORTS, fetchProposal, proposalName, type ProposalFile } from '../../sire/proposalFile';
import { entriesOf, proposalEntry } from '../../sire/receipts';
import { ticketWaitMs } from '../../sire/transport';

/** What Download Proposal got: the archive as SUNAT sent it or its TXT; nothing for an empty period. */
interface Downloaded {
	proposal?: ProposalFile;
	file?: { name: string; bytes: Buffer; mimeType: string };
}

export const downloadProposal = operation({
	name: 'Download Proposal',
	value: 'downloadProposal',
	action: 'Download a SIRE proposal file (RVIE or RCE propuesta) as binary data',
	description: "A register's proposal of a period as SUNAT's ZIP, or its TXT, as a file",
	notice: "Requests the export, waits for its ticket and downloads SUNAT's file into the item's binary field. An empty period gives an item without a file.",
	request: { method: 'GET', path: EXPORTS.RVIE.path },
	fields: [book, period(), fileForm, binaryField],
	subject: ({ book, period }) => proposalName(BOOKS[book], period),
	send: async (send, values, fns): Promise<Downloaded> => {
		const proposal = await fetchProposal(send, { bookName: values.book, period: values.period, maxWaitMs: ticketWaitMs(values) }, fns);
		if (!proposal) return {};
		if (values.fileForm === 'zip') return { proposal, file: { name: proposal.file.name, bytes: proposal.bytes, mimeType: 'application/zip' } };
		const entry = proposalEntry(await entriesOf(proposal, fns), proposal, fns);
		return { proposal, file: { name: entry.name, bytes: Buffer.from(entry.data), mimeType: 'text/plain' } };
	},
	toItems: (answer, { book, period }): IDataObject[] => {
		const { proposal, file } = answer as Downloaded;
		return [{ register: book, period, ticket: proposal?.ticket.ticket ?? null, fileName: file?.name ?? null, empty: !file }];
	},
	toBinary: async (answer, { binaryPropertyName }, fns) => {
		const { file } = answer as Downloaded;
		if (!file) return undefined;
		return { [binaryPropertyName]: await fns.helpers.prepareBinaryData(file.bytes, file.name, file.mimeType) };
	},
});
