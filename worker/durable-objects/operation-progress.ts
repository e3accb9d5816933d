import { DurableObject } from "cloudflare:workers";

/** The header by which the Worker tells the object whose socket it opens (the Worker checked the session). */
export const OPERATIONS_USER_HEADER = "x-operations-user";

/**
 * The live channel of a company's background operations (one object per company): the menus of
 * each signed-in user hold a WebSocket here, and the work pushes each change of an operation to
 * its user's sockets. Sockets hibernate between messages, so an idle menu costs nothing.
 */
export class OperationProgress extends DurableObject {
  override async fetch(request: Request): Promise<Response> {
    const userId = request.headers.get(OPERATIONS_USER_HEADER);
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket" || !userId) return new Response(null, { status: 426 });
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [userId]);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends one operation's new state to its user's open menus; answers how many sockets got it. */
  async publish(userId: string, operation: unknown): Promise<number> {
    const message = JSON.stringify({ type: "operation", operation });
    let sent = 0;
    for (const socket of this.ctx.getWebSockets(userId)) {
      try {
        socket.send(message);
        sent++;
      } catch {
        // A socket closing meanwhile: its menu polls again when it reconnects.
      }
    }
    return sent;
  }

  override webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): void {
    // The menu's keep-alive; nothing else is read from a client.
    if (message === "ping") socket.send("pong");
  }

  override webSocketClose(socket: WebSocket, code: number): void {
    // Echo the peer's code when a peer may send it (1000, 1001, 3000–4999); 1005 and 1006 only
    // describe a close without a code or without a handshake, and may not be sent back.
    const sendable = code === 1000 || code === 1001 || (code >= 3000 && code <= 4999);
    try {
      socket.close(sendable ? code : 1000, "closing");
    } catch {
      // Already closed on the other side: nothing to answer.
    }
  }
}
