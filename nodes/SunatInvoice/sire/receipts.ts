// A proposal as the node's items: the file fetched (proposalFile.ts), its ZIP read (zip.ts) and its
// TXT parsed in SUNAT's layout for the book (proposal.ts), one item per receipt. An empty period is
// no item, whichever way SUNAT says it: 1070 at export, or a file holding only a byte-order mark.
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import type { SendRequest, Simplified } from '../../shared/contract';
import { keep } from '../../shared/simplify';
import { BOOKS, type BookName } from './books';
import { period } from './fields';
import { parseProposalBytes } from './proposal';
import { EXPORTS, fetchProposal, proposalName, type ProposalFile } from './proposalFile';
import { itemError } from './ticket';
import { ticketWaitMs } from './transport';
import { unzip } from './zip';

/** The archive's entries; a broken archive is the item's error, naming the file and the ticket. */
export async function entriesOf(proposal: ProposalFile, fns: IExecuteSingleFunctions): Promise<Array<{ name: string; data: Uint8Array }>> {
	try {
		return await unzip(proposal.bytes);
	} catch (error) {
		throw itemError(fns, {
			message: `SUNAT's file ${proposal.file.name} of ticket ${proposal.ticket.ticket} cannot be read: ${(error as Error).message}`,
			description: 'Run again to download it anew; if it stays broken, download it with Register → Download Proposal and report it.',
		});
	}
}

/** The proposal's TXT in the archive: the entry the ticket names, else its only .txt. */
export function proposalEntry(entries: Array<{ name: string; data: Uint8Array }>, proposal: ProposalFile, fns: IExecuteSingleFunctions): { name: string; data: Uint8Array } {
	const entry = entries.find((candidate) => candidate.name === proposal.file.content) ?? entries.find((candidate) => /\.txt$/i.test(candidate.name));
	if (!entry) {
		throw itemError(fns, {
			message: `SUNAT's file ${proposal.file.name} of ticket ${proposal.ticket.ticket} holds no proposal TXT (it holds ${entries.map((candidate) => candidate.name).join(', ') || 'nothing'})`,
			description: 'Download it with Register → Download Proposal to see what SUNAT sent, and report it.',
		});
	}
	return entry;
}

/** Fetches a book's proposal of a period and makes one item per receipt; none for an empty period. */
export async function proposalReceipts(
	send: SendRequest,
	request: { bookName: BookName; period: string; maxWaitMs: number },
	fns: IExecuteSingleFunctions,
): Promise<IDataObject[]> {
	const proposal = await fetchProposal(send, request, fns);
	if (!proposal) return [];
	// A file holding only a byte-order mark is an empty proposal: no line, no item.
	const entry = proposalEntry(await entriesOf(proposal, fns), proposal, fns);
	try {
		return parseProposalBytes(request.bookName, entry.data);
	} catch (error) {
		throw itemError(fns, {
			message: `SUNAT's file ${proposal.file.name} of ticket ${proposal.ticket.ticket} cannot be read: ${(error as Error).message}`,
			description: 'Download it with Register → Download Proposal to see what SUNAT sent, and report it.',
		});
	}
}

/**
 * What Get Sales Proposal and Get Purchase Proposal share, for `bookName`: the period, the export's
 * route, and the receipts as items (each operation adds its name and words).
 */
export function proposalAsItems(bookName: BookName) {
	return {
		request: { method: 'GET' as const, path: EXPORTS[bookName].path },
		fields: [period(bookName)] as const,
		subject: ({ period }: { period: string }) => proposalName(BOOKS[bookName], period),
		send: async (send: SendRequest, values: { period: string }, fns: IExecuteSingleFunctions) =>
			await proposalReceipts(send, { bookName, period: values.period, maxWaitMs: ticketWaitMs(values) }, fns),
		toItems: (receipts: unknown) => receipts as IDataObject[],
		simplify: SIMPLIFIED[bookName],
	};
}

/** What a simplified receipt keeps (an AI agent's view): which receipt, whose, how much, its state. */
const SIMPLIFIED: Record<BookName, Simplified> = {
	RVIE: keep('issueDate', 'documentTypeName', 'series', 'number', 'customerIdNumber', 'customerName', 'total', 'currency', 'documentStatus', 'car'),
	RCE: keep('issueDate', 'documentTypeName', 'series', 'number', 'supplierIdNumber', 'supplierName', 'total', 'currency', 'documentStatus', 'car'),
};
