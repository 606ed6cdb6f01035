import type { RegistryEvent, RegistryListener } from './registry-types.ts';

/**
 * Delivers registry events synchronously to every listener. As with call events, a listener that throws
 * must not break a health check or a deploy: the error is reported once on the console and dropped.
 */
export class RegistryEventHub {
  private readonly listeners = new Set<RegistryListener>();
  private reported = false;

  on(listener: RegistryListener): () => void {
    const entry: RegistryListener = (event) => listener(event);
    this.listeners.add(entry);
    return () => {
      this.listeners.delete(entry);
    };
  }

  emit(event: RegistryEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        if (!this.reported) {
          this.reported = true;
          console.error('Toolscope executor: a registry listener threw; it goes on. Further errors are dropped silently.', error);
        }
      }
    }
  }
}
