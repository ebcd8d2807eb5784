// The viewer's footer parts: the sticker panel (each sticker of the story on show, with what it says)
// and the actions on the whole tray or highlight (select all of it, download all of it, in one action).
import { useMemo, useState } from 'react';
import type { Highlight, Story } from '../../../../shared/records';
import type { Provenance } from '../../../../shared/ipc';
import { feedlens } from '../../api/bridge';
import { Icon } from '../../components/Icon';
import { selectedAmong } from '../../components/SelectionCheck';
import { highlightItem, toSavedItems, useSelection, type Selectable } from '../../state/selection';
import { stickerDetails } from './stickers';

export function StickerPanel({ story }: { story: Story }) {
  const details = stickerDetails(story);
  if (details.length === 0) return null;
  return (
    <section className="viewer-stickers" aria-label="Stickers of this story" data-testid="sticker-panel">
      <ul>
        {details.map((d, i) => (
          <li key={`${d.kind}${i}`} className={`viewer-sticker ${d.kind}`} data-testid="sticker-detail" data-kind={d.kind}>
            <span className="viewer-sticker-kind">{d.kind === 'sticker' ? 'Sticker' : d.kind}</span>
            <strong>{d.title}</strong>
            {d.lines.map((line) => (
              <span key={line} className={d.kind === 'link' ? 'mono selectable' : undefined}>
                {line}
              </span>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Select all 6" and "Download all 6": every story of the tray or highlight, with their provenance. */
export function TrayActions({ stories, highlight, provenance }: { stories: readonly Story[]; highlight: Highlight | null; provenance: Provenance }) {
  const entries = useMemo<Selectable[]>(() => stories.map((s) => ({ record: highlight ? highlightItem(highlight, s) : s, provenance })), [stories, highlight, provenance]);
  const selected = useSelection((s) => selectedAmong(s.items, entries));
  const setMany = useSelection((s) => s.setMany);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const all = selected === entries.length;
  const noun = highlight ? 'of this highlight' : 'stories';
  const download = async () => {
    setBusy(true);
    const result = await feedlens().downloadsEnqueue({ items: toSavedItems(entries) });
    setBusy(false);
    setOutcome(result.ok ? `${result.value.queued} queued, ${result.value.skipped} already saved` : result.error.message);
  };
  return (
    <span className="row viewer-tray-actions">
      <button type="button" className="btn small" onClick={() => setMany(entries, !all)} aria-pressed={all} data-testid="viewer-select-all">
        <Icon name="check" size={12} /> {all ? `All ${entries.length} selected` : `Select all ${entries.length} ${noun}`}
      </button>
      <button type="button" className="btn small" onClick={() => void download()} disabled={busy} data-testid="viewer-download-all">
        <Icon name="download" size={12} /> {busy ? 'Queuing…' : `Download all ${entries.length}`}
      </button>
      {outcome && (
        <span className="faint" role="status" data-testid="viewer-download-outcome">
          {outcome}
        </span>
      )}
    </span>
  );
}
