// The pace of one node run, shared by all its items: at most N requests in flight, one quota gate
// (closed while the API says to wait, refused requests go first when it reopens), sends that reach
// each lane (an instance) one at a time in item order with a pause between them, the stop after an
// item fails without Continue On Fail, the credential refused (the later requests are not sent),
// and the run's token (renewed once for every request that met it expired). n8n starts every item
// of a declarative node at once; this is what spaces them. A run's pacing is its state's (runState.ts).
import { sleep } from 'n8n-workflow';

import type { Answer } from './contract';
import type { Failure } from './errors';

/** Rejects an item the run no longer sends: an item before it failed and the node stops. */
export class RunStopped extends Error {
	constructor() {
		super('Not sent: an earlier item failed and the node stops');
	}
}

/** What a refusal leaves the item to do: wait for the gate to reopen, or give up. */
export type RefusalOutcome = { retry: true } | { retry: false; waitedMs: number; askedMs?: number };

/** A refusal an item gave up on, still in force: the items after it give up without a request. */
export interface KnownRefusal {
	answer: Answer;
	waitedMs: number;
	askedMs: number;
}

/** One item's place in the run. Ordered items (sends) only stop for failures of items before them. */
export interface Place {
	position: number;
	ordered: boolean;
}

/** A request the server refused for the credential itself: its item, and what the refusal means. */
export interface CredentialRefusal {
	position: number;
	failure: Failure;
}

interface Waiter extends Place {
	retry: boolean;
	/** `warmUp`: the warm-up the request opens (it goes alone), or 0. */
	admit(warmUp: number): void;
	stop(error: Error): void;
}

/** A lane's turn: taken once the item knows its lane, released when its sends are done. */
export interface LaneTicket {
	/** Waits for the items before it in the same lane, then for the pause since the last one started. */
	turn(lane: string, pauseMs: number): Promise<() => void>;
	/** The item leaves without taking its turn (bad input, or stopped); the items after it go on. */
	leave(): void;
}

/** A refused request is sent again no earlier than this after the gate reopens (clocks, rounding). */
const REOPEN_MARGIN_MS = 250;
/** The first blind backoff when an answer does not say how long to wait; it doubles up to the API's cap. */
const FIRST_BACKOFF_MS = 1_000;

export class RunPacing {
	private maxInFlight: number | undefined;
	/**
	 * While a request goes alone to fetch the token the others will use (the run's first with
	 * RunLimits.firstAlone, the first after the token was found expired): that warm-up's number, else 0.
	 */
	private warmUp = 0;
	private warmUps = 0;
	/** Which token the run's requests go with: the next one each time the run renews it (renewToken). */
	tokenGeneration = 0;
	/**
	 * The credential refused: for every request of the run, or for those of one scope (an instance).
	 * Apart from the quota's refusal (refusedUntil): that one ends when the API said, for every
	 * request, and its error tells how long the run waited; this one lasts the run, per scope, and
	 * quotes the first refused item.
	 */
	private credentialRefused: CredentialRefusal | undefined;
	private scopesRefused: Map<string, CredentialRefusal> | undefined;
	private inFlight = 0;
	private readonly queue: Waiter[] = [];
	private reopenAt = 0;
	private gateTimer = false;
	private backoffMs = 0;
	private lastClosedAt = Number.NEGATIVE_INFINITY;
	private refusingSince: number | undefined;
	/** Until when the API said it refuses, once an item gave up waiting for that; and its answer. */
	private refusedUntil = 0;
	private lastRefusal: Answer | undefined;
	/** The position of the first item that failed without Continue On Fail (-1: everything stops). */
	private stoppedAt: number | undefined;
	private readonly stopListeners = new Set<() => void>();
	private lastPlaced: Promise<void> = Promise.resolve();
	private readonly lanes = new Map<string, { tail: Promise<void>; lastStart: number }>();

	constructor(private readonly cancelSignal?: AbortSignal) {
		cancelSignal?.addEventListener('abort', () => this.stop(-1), { once: true });
	}

	private isStopped(place: Place): boolean {
		const at = this.stoppedAt;
		return at !== undefined && (at < 0 || !place.ordered || place.position > at);
	}

	/** Items after `position` (and every unordered item) are not sent; it is the first failure that counts. */
	stop(position: number): void {
		if (this.stoppedAt !== undefined && this.stoppedAt <= position) return;
		this.stoppedAt = position;
		for (const waiter of [...this.queue]) {
			if (!this.isStopped(waiter)) continue;
			this.queue.splice(this.queue.indexOf(waiter), 1);
			waiter.stop(new RunStopped());
		}
		for (const listener of [...this.stopListeners]) listener();
	}

	/** `promise`, unless the item is stopped first. */
	private async unlessStopped<T>(place: Place, promise: Promise<T>): Promise<T> {
		if (this.isStopped(place)) throw new RunStopped();
		let listener: (() => void) | undefined;
		const stopped = new Promise<never>((_resolve, reject) => {
			listener = () => {
				if (this.isStopped(place)) reject(new RunStopped());
			};
			this.stopListeners.add(listener);
		});
		try {
			return await Promise.race([promise, stopped]);
		} finally {
			if (listener) this.stopListeners.delete(listener);
		}
	}

	private async pause(place: Place, ms: number): Promise<void> {
		if (ms > 0) await this.unlessStopped(place, sleep(ms, this.cancelSignal));
	}

	/**
	 * Waits for a free request slot and an open gate; a refused request waits ahead of new ones.
	 * Resolves to the warm-up the request opens (hand it back to `release`), or 0.
	 */
	async slot(place: Place, maxInFlight: number, retry = false, firstAlone = false): Promise<number> {
		if (this.maxInFlight === undefined) {
			this.maxInFlight = Math.max(1, maxInFlight);
			if (firstAlone) this.warmUp = ++this.warmUps;
		}
		return await new Promise<number>((admit, stop) => {
			if (this.isStopped(place)) return stop(new RunStopped());
			const waiter: Waiter = { ...place, retry, admit, stop };
			// Retries in item order, ahead of every first attempt.
			const at = retry ? this.queue.findIndex((other) => !other.retry || other.position > place.position) : -1;
			if (at < 0) this.queue.push(waiter);
			else this.queue.splice(at, 0, waiter);
			this.admit();
		});
	}

	/** The request is answered (or failed); `warmUp` is what its slot resolved to: the warm-up it opened ends. */
	release(warmUp = 0): void {
		this.inFlight--;
		if (warmUp !== 0 && warmUp === this.warmUp) this.warmUp = 0;
		this.admit();
	}

	private admit(): void {
		const wait = this.reopenAt - Date.now();
		if (wait > 0) {
			if (this.gateTimer) return;
			this.gateTimer = true;
			// Only the cancelled execution ends this early; each wake-up checks the gate again.
			void sleep(wait, this.cancelSignal)
				.catch(() => undefined)
				.then(() => {
					this.gateTimer = false;
					this.admit();
				});
			return;
		}
		// In a warm-up, the request that opens it waits for those in flight: they went with the old token.
		while (this.inFlight < (this.warmUp ? 1 : (this.maxInFlight ?? 1)) && this.queue.length > 0) {
			this.inFlight++;
			this.queue.shift()!.admit(this.warmUp);
		}
	}

	/**
	 * A request that went with token `generation` met it expired. The first to say so for that token
	 * starts the run's one renewal (true: the caller empties the token), which the next request
	 * admitted fetches alone; the others that went with the old token then go again with the new one.
	 */
	renewToken(generation: number): boolean {
		if (generation !== this.tokenGeneration) return false;
		this.tokenGeneration++;
		this.warmUp = ++this.warmUps;
		return true;
	}

	/**
	 * The server refused the credential itself for item `refusal.position`'s request: no later request
	 * of the run goes with it, or none of `scope` (an Evolution instance, which an instance's token
	 * alone opens). The first refusal is the one quoted.
	 */
	refuseCredential(refusal: CredentialRefusal, scope?: string): void {
		if (scope === undefined) {
			this.credentialRefused ??= refusal;
			return;
		}
		this.scopesRefused ??= new Map();
		if (!this.scopesRefused.has(scope)) this.scopesRefused.set(scope, refusal);
	}

	/** The refusal that already answers a request of `scope`, if the credential was refused. */
	credentialRefusal(scope: string): CredentialRefusal | undefined {
		return this.credentialRefused ?? this.scopesRefused?.get(scope);
	}

	/** An answer that is not a refusal: the API accepts requests again. */
	answered(): void {
		this.refusingSince = undefined;
		this.backoffMs = 0;
		this.refusedUntil = 0;
	}

	/** The refusal an earlier item gave up on, while the API's wait is not over. */
	knownRefusal(): KnownRefusal | undefined {
		const now = Date.now();
		if (now >= this.refusedUntil || !this.lastRefusal) return undefined;
		return { answer: this.lastRefusal, waitedMs: now - (this.refusingSince ?? now), askedMs: this.refusedUntil - now };
	}

	/**
	 * A request sent at `sentAt` was refused for quota: close the gate for `askedMs` (what the answer
	 * said) or for a backoff that doubles up to `backoffCapMs`, as long as the refusals have lasted
	 * less than `maxWaitMs`; past that, or if the API asks for longer, the item gives up.
	 */
	refused(answer: Answer, sentAt: number, askedMs: number | undefined, backoffCapMs: number, maxWaitMs: number): RefusalOutcome {
		const now = Date.now();
		this.refusingSince ??= now;
		const waitedMs = now - this.refusingSince;
		const allowedMs = maxWaitMs - waitedMs;
		if (askedMs !== undefined ? askedMs > allowedMs : allowedMs <= 0) {
			// The API said when it answers again: asking before then would only be refused.
			if (askedMs !== undefined) {
				this.refusedUntil = Math.max(this.refusedUntil, now + askedMs);
				this.lastRefusal = answer;
			}
			return { retry: false, waitedMs, askedMs };
		}
		if (askedMs === undefined && sentAt >= this.lastClosedAt) {
			// Requests already in flight when the gate closed come back refused too: they do not count.
			this.backoffMs = Math.min(backoffCapMs, this.backoffMs ? this.backoffMs * 2 : FIRST_BACKOFF_MS);
			this.lastClosedAt = now;
		}
		const waitMs = askedMs ?? Math.min(this.backoffMs || FIRST_BACKOFF_MS, allowedMs);
		this.reopenAt = Math.max(this.reopenAt, now + waitMs + REOPEN_MARGIN_MS);
		return { retry: true };
	}

	/**
	 * Takes the item's place in the run's order; call it when the item starts (n8n starts items in
	 * order), before anything is awaited.
	 */
	enterInOrder(position: number): LaneTicket {
		const place: Place = { position, ordered: true };
		const previousPlaced = this.lastPlaced;
		let markPlaced!: () => void;
		this.lastPlaced = new Promise<void>((resolve) => (markPlaced = resolve));
		let placed = false;
		const place_ = () => {
			if (placed) return;
			placed = true;
			markPlaced();
		};
		return {
			turn: async (laneName, pauseMs) => {
				// Joins its lane only after the item before it joined one (or left): lanes keep item order.
				// Stopped here, the item leaves (see leave), which keeps the order for the items after it.
				await this.unlessStopped(place, previousPlaced);
				const lane = this.lanes.get(laneName) ?? { tail: Promise.resolve(), lastStart: Number.NEGATIVE_INFINITY };
				this.lanes.set(laneName, lane);
				const before = lane.tail;
				let done!: () => void;
				lane.tail = new Promise<void>((resolve) => (done = resolve));
				place_();
				let granted = false;
				try {
					await this.unlessStopped(place, before);
					await this.pause(place, lane.lastStart + pauseMs - Date.now());
					granted = true;
				} finally {
					// A stopped item hands its lane on at once.
					if (!granted) done();
				}
				lane.lastStart = Date.now();
				return done;
			},
			leave: () => {
				void previousPlaced.then(place_);
			},
		};
	}
}
