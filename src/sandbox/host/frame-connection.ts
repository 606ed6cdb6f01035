import {
  frameToHostMessageSchema,
  type FrameInitMessage,
  type FrameToHostMessage,
  type HostToFrameMessage,
  type WorkerRole,
  type WorkerRuntime,
} from '../protocol/frame-messages.ts';
import type { PythonAssetBytes } from '../python/host/python-assets.ts';

// One sandbox iframe and the MessagePort to it. The iframe has an opaque origin, so the host cannot
// reach into it and it cannot reach the host; the port handed over at start-up is the only channel,
// and window messages are never read on the host side.

export interface FrameConnectionOptions {
  container: HTMLElement;
  sandboxUrl: string;
  frameSource: string;
  readyTimeoutMs: number;
  onMessage: (message: FrameToHostMessage) => void;
  /** The iframe sent something that is not a frame message: it is no longer trustworthy. */
  onInvalidMessage: (problem: string) => void;
}

export class FrameConnection {
  private destroyed = false;

  private constructor(
    private readonly iframe: HTMLIFrameElement,
    private readonly port: MessagePort,
  ) {}

  static open(options: FrameConnectionOptions): Promise<FrameConnection> {
    const iframe = document.createElement('iframe');
    // allow-scripts without allow-same-origin: the document gets an opaque origin.
    iframe.setAttribute('sandbox', 'allow-scripts');
    iframe.setAttribute('aria-hidden', 'true');
    iframe.setAttribute('tabindex', '-1');
    iframe.setAttribute('referrerpolicy', 'no-referrer');
    iframe.title = 'Toolscope sandbox';
    iframe.style.cssText = 'position:absolute;width:0;height:0;border:0;visibility:hidden';
    iframe.src = options.sandboxUrl;
    const channel = new MessageChannel();
    const connection = new FrameConnection(iframe, channel.port1);

    return new Promise<FrameConnection>((resolve, reject) => {
      const timer = setTimeout(() => {
        connection.destroy();
        reject(new Error(`The sandbox frame did not start within ${options.readyTimeoutMs} ms (${options.sandboxUrl})`));
      }, options.readyTimeoutMs);
      channel.port1.addEventListener('message', (event) => {
        const parsed = frameToHostMessageSchema.safeParse(event.data);
        if (!parsed.success) return options.onInvalidMessage(parsed.error.message);
        if (parsed.data.type === 'frame-ready') {
          clearTimeout(timer);
          resolve(connection);
          return;
        }
        options.onMessage(parsed.data);
      });
      channel.port1.start();
      iframe.addEventListener(
        'load',
        () => {
          // '*' because an opaque origin cannot be named; what is sent (the frame script) is not secret.
          const init: FrameInitMessage = { type: 'toolscope-sandbox-init', frameSource: options.frameSource };
          // Stryker disable next-line OptionalChaining: a loaded iframe has a window; without one a listener error is all that differs.
          iframe.contentWindow?.postMessage(init, '*', [channel.port2]);
        },
        { once: true },
      );
      options.container.appendChild(iframe);
    });
  }

  /** Without `source`, a worker from the iframe's warm pool. */
  startWorker(
    workerId: string,
    role: WorkerRole,
    workerPort: MessagePort,
    moduleScript: string | undefined,
    runtime?: WorkerRuntime,
  ): void {
    this.post(
      {
        type: 'start-worker',
        workerId,
        role,
        port: workerPort,
        ...(moduleScript === undefined ? {} : { moduleScript }),
        ...(runtime === undefined ? {} : { runtime }),
      },
      [workerPort],
    );
  }

  /** Pyodide's files for the iframe's Python pool (copied, not transferred: a rebuilt iframe needs them again). */
  configurePython(assets: PythonAssetBytes, size: number): void {
    this.post({ type: 'configure-python', ...assets, size });
  }

  configurePool(harnessSource: string, zodSource: string, size: number): void {
    this.post({ type: 'configure-pool', harnessSource, zodSource, size });
  }

  terminateWorker(workerId: string): void {
    this.post({ type: 'terminate-worker', workerId });
  }

  ping(pingId: number): void {
    this.post({ type: 'ping', pingId });
  }

  get isDestroyed(): boolean {
    return this.destroyed;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.port.close();
    // Removing the iframe ends its document and, with it, every worker it started.
    this.iframe.remove();
  }

  private post(message: HostToFrameMessage, transfer: Transferable[] = []): void {
    if (!this.destroyed) this.port.postMessage(message, transfer);
  }
}
