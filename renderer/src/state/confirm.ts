// Confirmation requests for calls billed at 2 units or more. Main refuses such calls until the request
// carries the confirmed cost; the dialog (components/ConfirmDialog) answers these requests.
import { create } from 'zustand';

export interface ConfirmRequest {
  id: number;
  path: string;
  cost: number;
  balance: number | null;
  /** What the call is for, in words ("Stories of @nasa"). */
  what: string;
  resolve: (answer: ConfirmAnswer) => void;
}

export interface ConfirmAnswer {
  confirmed: boolean;
  dontAskAgain: boolean;
}

interface ConfirmState {
  queue: ConfirmRequest[];
  ask(request: Omit<ConfirmRequest, 'id' | 'resolve'>): Promise<ConfirmAnswer>;
  answer(id: number, answer: ConfirmAnswer): void;
}

let nextId = 1;

export const useConfirmStore = create<ConfirmState>((set, get) => ({
  queue: [],
  ask: (request) =>
    new Promise<ConfirmAnswer>((resolve) => {
      set({ queue: [...get().queue, { ...request, id: nextId++, resolve }] });
    }),
  answer: (id, answer) => {
    const request = get().queue.find((r) => r.id === id);
    set({ queue: get().queue.filter((r) => r.id !== id) });
    request?.resolve(answer);
  },
}));
