import { AddressThrottle, type AddressLimits, type AddressPlace } from '../../domain/address-throttle.js';
import type { Destinations } from '../../clients/receiver/destinations.js';

/** Endpoints whose last destination address is remembered (the least recently added go first). */
const MAX_REMEMBERED_ENDPOINTS = 10_000;

/**
 * The delivery worker's view of destination addresses: where each endpoint's host resolves
 * (Destinations), the per-address throttle, and which endpoints point at an address that is
 * full now, so a claim leaves their due deliveries where they are.
 */
export class AddressRooms {
  private readonly throttle: AddressThrottle;
  private readonly addressOf = new Map<string, string>();
  private readonly endpointsAt = new Map<string, Set<string>>();

  constructor(
    private readonly destinations: Destinations,
    limits: AddressLimits,
    /** Called when an address that was full has room again (its endpoints' deliveries were left unclaimed). */
    private readonly onRoom: () => void,
  ) {
    this.throttle = new AddressThrottle(limits);
  }

  /**
   * A place for an attempt to the endpoint's host at the address it resolves to now (remembered
   * for the next claims), or how long until one may be free; undefined when the host has no
   * address to throttle (it does not resolve, or is refused: the attempt fails on its own).
   */
  async placeFor(endpointId: string, url: string): Promise<AddressPlace | { retryInMs: number } | undefined> {
    const destination = await this.destinations.of(new URL(url).hostname);
    if (!('address' in destination)) return undefined;
    const { address } = destination;
    this.remember(endpointId, address);
    const place = this.throttle.tryAcquire(address);
    if (!('release' in place)) return place;
    return {
      release: () => {
        const wasFull = this.throttle.isFull(address);
        place.release();
        if (wasFull) this.onRoom();
      },
    };
  }

  /** `inFlight` (attempts by endpoint) with every endpoint whose address is full counted as `full`. */
  withFullAddresses(inFlight: ReadonlyMap<string, number>, full: number): ReadonlyMap<string, number> {
    let counts: Map<string, number> | undefined;
    for (const address of this.throttle.fullAddresses()) {
      for (const endpointId of this.endpointsAt.get(address) ?? []) {
        counts ??= new Map(inFlight);
        counts.set(endpointId, full);
      }
    }
    return counts ?? inFlight;
  }

  private remember(endpointId: string, address: string): void {
    const before = this.addressOf.get(endpointId);
    if (before === address) return;
    if (before !== undefined) this.forget(endpointId);
    else if (this.addressOf.size >= MAX_REMEMBERED_ENDPOINTS) this.forget(this.addressOf.keys().next().value!);
    this.addressOf.set(endpointId, address);
    let at = this.endpointsAt.get(address);
    if (!at) this.endpointsAt.set(address, (at = new Set()));
    at.add(endpointId);
  }

  private forget(endpointId: string): void {
    const address = this.addressOf.get(endpointId);
    this.addressOf.delete(endpointId);
    const at = address === undefined ? undefined : this.endpointsAt.get(address);
    at?.delete(endpointId);
    if (at?.size === 0) this.endpointsAt.delete(address!);
  }
}
