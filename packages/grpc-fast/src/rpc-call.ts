/** What the RPC pipeline knows of a call, whichever path (the hand-written unary one or connect) serves it. */
export interface RpcCall {
  service: string;
  method: string;
  header(name: string): string | null | undefined;
  /** The request message (undefined for a client stream). */
  message: unknown;
}
