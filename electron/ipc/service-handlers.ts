// The IPC operations about which service main talks to: the key (stored per service address), the mode,
// the service address itself, and the balance. Every switch builds a new session (see service-session.ts)
// and tells the renderer; changing the address needs main's own confirmation and calls nothing.
import { validationError, type AppError } from '../../shared/api/errors';
import type { BalanceState } from '../../shared/ipc';
import { checkServiceOrigin, PRODUCTION_ORIGIN } from '../../shared/service-origin';
import type { Ask } from '../calls/ask';
import type { BalanceTracker } from '../calls/balance';
import type { Handlers } from './router';
import type { ServiceSessions } from '../calls/service-session';

export type ServiceOps = 'keySet' | 'keyClear' | 'keyStatus' | 'keyTest' | 'balanceGet' | 'modeGet' | 'modeSet' | 'serviceOriginSet';

export interface ServiceHandlerDeps {
  sessions: ServiceSessions;
  balance: BalanceTracker;
  ask: Ask;
  /** Checks a key against the configured address with the free /sys/balance call; throws an AppError. */
  testKey: (key: string) => Promise<BalanceState>;
  /** After every switch: forget per-session state, tell the renderer. */
  switched: (options: { refreshBalance: boolean }) => Promise<void>;
}

function declined(message: string): AppError {
  return { kind: 'cancelled', message, billed: false, retryable: true };
}

export function createServiceHandlers(d: ServiceHandlerDeps): Pick<Handlers, ServiceOps> {
  const { sessions } = d;
  return {
    keySet: async ({ key }) => {
      await d.testKey(key); // a key the service refuses is never stored
      await sessions.storeKey(key);
      await sessions.rebuild();
      await d.switched({ refreshBalance: true });
      return sessions.keyStatus();
    },
    keyClear: async () => {
      await sessions.clearKey();
      await sessions.rebuild();
      await d.switched({ refreshBalance: true });
      return sessions.keyStatus();
    },
    keyStatus: async () => sessions.keyStatus(),
    keyTest: async ({ key }) => {
      const candidate = key ?? sessions.liveKey();
      if (!candidate) throw validationError([{ param: 'key', message: 'No access key is stored: enter one first' }]);
      return d.testKey(candidate);
    },
    balanceGet: async ({ refresh }) => (refresh || !d.balance.get() ? d.balance.refresh() : d.balance.get()),
    modeGet: async () => sessions.modeInfo(),
    modeSet: async ({ demo }) => {
      if (!demo && !sessions.liveKey()) throw validationError([{ param: 'demo', message: 'Enter an access key first: live mode needs one' }]);
      sessions.chooseDemo(demo);
      await sessions.rebuild();
      await d.switched({ refreshBalance: true });
      return sessions.modeInfo();
    },
    serviceOriginSet: async ({ origin }) => {
      const check = checkServiceOrigin(origin);
      if (!check.ok) throw validationError([{ param: 'origin', message: check.message }]);
      const current = sessions.configuredOrigin();
      if (check.origin === current) return sessions.modeInfo();
      if (check.origin !== PRODUCTION_ORIGIN) {
        const answer = await d.ask({
          purpose: 'origin',
          title: 'Use another service address?',
          message: `Feedlens will send its requests to ${check.origin} instead of ${current}.`,
          detail:
            'Only do this for a proxy or a local simulator you trust. Your access key stays with the address it was stored for: ' +
            `${check.origin} gets no key until you enter one for it. Nothing is requested until then.`,
          confirm: `Use ${check.origin}`,
        });
        if (!answer.confirmed) throw declined(`The service address was not changed: Feedlens still uses ${current}.`);
      }
      await sessions.useOrigin(check.origin);
      await sessions.rebuild();
      // Nothing is called on a change of address: the balance is fetched when the user asks.
      await d.switched({ refreshBalance: false });
      return sessions.modeInfo();
    },
  };
}
