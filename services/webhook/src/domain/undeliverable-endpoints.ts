import type { UrlPolicy } from './webhook-url.js';
import { isDeliverableUrl } from './webhook-url.js';

/**
 * The endpoints this deployment may not deliver to (their URL breaks its rules, e.g. one created
 * before the rules changed), each with the URL it had when it was found out: the recording
 * statement leaves them out (an endpoint whose URL changed since is looked at again). Found at
 * start-up and whenever a recording hands out a delivery to one.
 */
export class UndeliverableEndpoints {
  private readonly known = new Map<string, { id: string; url: string }>();

  constructor(private readonly policy: UrlPolicy) {}

  /** Remembers the ones among `endpoints` this deployment may not deliver to; returns those. */
  refusedAmong<E extends { id: string; url: string }>(endpoints: E[]): E[] {
    const refused = endpoints.filter((e) => !isDeliverableUrl(e.url, this.policy));
    for (const e of refused) this.known.set(`${e.id} ${e.url}`, { id: e.id, url: e.url });
    return refused;
  }

  get list(): { id: string; url: string }[] {
    return [...this.known.values()];
  }
}
