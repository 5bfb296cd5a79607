/**
 * The home page's URL card: one URL field and Create Podcast. An address that is not a website, or a
 * choice the server would refuse (minutes out of range), is refused before anything is sent; that
 * message and the server's refusals show in the form and as a toast (the estimate line then stays
 * quiet, so a failure is told in one wording). On success the fields clear and
 * the form says the podcast is on its way, then 'Podcast created successfully!' once it is ready.
 *
 * One podcast per intent: Create is busy while its request is out (a second click before the page
 * re-renders is ignored too), and the request carries a key the server honours (useCreatePodcast).
 *
 * A PDF chosen from disk or dropped on the card takes the empty address's place (its name and size
 * shown, with a way to remove it); a file over the cap or that is not a PDF is refused before it is sent.
 *
 * Several sources make one episode, a chapter each: 'Add another address' adds a line, several lines
 * pasted into a field become a line each, several PDFs chosen or dropped a line each, up to ten. Two or
 * more are sent as `{ sources: [...] }`; one is sent as it always was. A source the server could not
 * read is named, with why, once the podcast is made without it.
 */
import { useId, useRef, useState, type ClipboardEvent, type DragEvent, type FormEvent, type ReactNode } from 'react';
import type { Podcast, PodcastStatus, UnreadableSource } from '../../../../../shared/api/podcasts.ts';
import { CONTENT_MESSAGES } from '../../../../../shared/errors.ts';
import { toast } from '../../../../../shared/ui/toast.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useCreatePodcast, type Choices } from '../api/create-podcast.ts';
import { capTogether, readPdfFile, type ChosenPdf } from '../utils/pdf-file.ts';
import {
  filledSources,
  insertLines,
  linesProblem,
  MAX_SOURCE_LINES,
  newLine,
  pastedAddresses,
  SOURCE_LINE_MESSAGES,
  type FormSource,
  type SourceLine,
} from '../utils/form-sources.ts';
import { SourceLineField } from './source-line-field.tsx';
import { AddSourceLine, UrlFormIntro, UrlFormMessages } from './url-form-parts.tsx';

const draggingFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

interface UrlFormProps {
  signedIn: boolean;
  onCreated: (podcast: Podcast) => void;
  /** What else the podcast is asked with (voice, mode, minutes, draft); the server's choice for any absent. */
  choices?: Choices;
  /** Why the choices cannot be sent as they are; Create shows it instead of sending. */
  choiceError?: string | null;
  /** Fields under the addresses (mode, length, voice), given the lines filled (addresses as typed, PDFs chosen), and whether the form shows a failure. */
  options?: ReactNode | ((sources: readonly FormSource[], failed: boolean) => ReactNode);
  /** Where the podcast this form made last is now (its card tells a failure). */
  madeStatus?: PodcastStatus | null;
}

export function UrlForm({ signedIn, onCreated, choices, choiceError = null, options, madeStatus = null }: UrlFormProps) {
  const [lines, setLines] = useState<SourceLine[]>(() => [newLine()]);
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The line the error is about, when it is about one. */
  const [invalidLine, setInvalidLine] = useState<string | null>(null);
  const [created, setCreated] = useState(false);
  /** Sources the server left out of the podcast just made. */
  const [leftOut, setLeftOut] = useState<UnreadableSource[]>([]);
  const labelId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const fields = useRef(new Map<string, HTMLElement>());
  const messageId = useId();
  const sending = useRef(false);
  const filled = filledSources(lines);
  const several = lines.length > 1;
  const create = useCreatePodcast({
    onSettled: () => {
      sending.current = false;
    },
    onSuccess: (podcast) => {
      setLines([newLine()]);
      setCreated(true);
      setLeftOut(podcast.unreadable);
      onCreated(podcast);
    },
    onError: (err) => {
      const message = (err instanceof Error && err.message) || CONTENT_MESSAGES.createFailed;
      setError(message);
      toast.error(message);
    },
  });
  const loading = create.isPending;

  /** Clears what the last attempt said, as the visitor changes the sources. */
  function edited() {
    setError(null);
    setInvalidLine(null);
    setCreated(false);
    setLeftOut([]);
  }

  function fail(message: string, lineId: string | null = null) {
    setError(message);
    setInvalidLine(lineId);
    toast.error(message);
  }

  /** Focuses a line's field once React has drawn it. */
  function focusLine(id: string | null) {
    if (id) requestAnimationFrame(() => fields.current.get(id)?.focus());
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    setCreated(false);
    setLeftOut([]);
    const problem = linesProblem(lines);
    const invalid = filled.length === 0 ? { lineId: lines[0]!.id, message: CONTENT_MESSAGES.enterUrl } : problem;
    if (invalid) {
      fail(invalid.message, invalid.lineId);
      fields.current.get(invalid.lineId)?.focus();
      return;
    }
    if (choiceError) return fail(choiceError);
    setError(null);
    setInvalidLine(null);
    sending.current = true;
    create.mutate({ sources: filled, choices });
  }

  /** Puts sources in at the line `index` (an empty one there takes the first), saying what did not fit. */
  function insert(index: number, added: Partial<FormSource>[]) {
    const placed = insertLines(lines, index, added);
    setLines(placed.lines);
    if (placed.dropped > 0) fail(SOURCE_LINE_MESSAGES.leftOut(placed.dropped));
    focusLine(placed.focus);
  }

  function addLine() {
    edited();
    const line = newLine();
    setLines([...lines, line]);
    focusLine(line.id);
  }

  function removeLine(id: string) {
    edited();
    const index = lines.findIndex((l) => l.id === id);
    const rest = lines.filter((l) => l.id !== id);
    const next = rest.length > 0 ? rest : [newLine()];
    setLines(next);
    // Focus stays in the list: the line before, else the one that took its place.
    focusLine(next[Math.max(0, index - 1)]!.id);
  }

  function typeInto(id: string, url: string) {
    edited();
    setLines((current) => current.map((l) => (l.id === id ? { ...l, url } : l)));
  }

  /** Several lines pasted into a field become a line each, from that field on. */
  function paste(id: string, event: ClipboardEvent<HTMLInputElement>) {
    const addresses = pastedAddresses(event.clipboardData.getData('text'));
    if (addresses.length < 2) return;
    event.preventDefault();
    edited();
    insert(
      lines.findIndex((l) => l.id === id),
      addresses.map((url) => ({ url })),
    );
  }

  async function choose(files: readonly File[]) {
    if (files.length === 0) return;
    edited();
    // The card's PDFs go in one request, capped as one PDF is: one that would pass the cap with them is refused.
    const read = capTogether(
      lines.reduce((bytes, l) => bytes + (l.pdf?.size ?? 0), 0),
      await Promise.allSettled(files.map((file) => readPdfFile(file))),
    );
    const pdfs = read.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = read.flatMap((r, i) => (r.status === 'rejected' ? [{ file: files[i]!, reason: r.reason as unknown }] : []));
    if (pdfs.length > 0) {
      // Into the first empty line, else after the last.
      const empty = lines.findIndex((l) => l.url === '' && !l.pdf);
      insert(empty >= 0 ? empty : lines.length - 1, pdfs.map((pdf: ChosenPdf) => ({ pdf })));
    }
    if (refused.length > 0) {
      const messages = refused.map(({ file, reason }) => {
        const message = (reason instanceof Error && reason.message) || CONTENT_MESSAGES.createFailed;
        return files.length > 1 ? `${file.name}: ${message}` : message;
      });
      fail(messages.join(' '));
    }
  }

  // Several lines are a list in the order the episode takes them.
  const List = several ? 'ol' : 'div';
  const label = several ? 'Sources' : lines[0]!.pdf ? 'PDF document' : 'Website URL';

  return (
    <section
      id="url-input"
      aria-labelledby="url-input-title"
      className={`scroll-mt-24 rounded-2xl bg-white p-5 shadow-xl ring-1 shadow-slate-900/5 sm:p-8 ${dragging ? 'ring-2 ring-brand-500' : 'ring-slate-200'}`}
      onDragOver={(event) => {
        if (!draggingFiles(event)) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        if (!draggingFiles(event)) return;
        event.preventDefault();
        setDragging(false);
        void choose([...event.dataTransfer.files]);
      }}
    >
      <UrlFormIntro onChoose={() => fileInput.current?.click()} />

      <form noValidate onSubmit={submit} className="mt-6">
        <label id={labelId} htmlFor={several ? undefined : `${lines[0]!.id}-field`} className="mb-2 block text-sm font-medium text-slate-700">
          {label}
        </label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <div className="min-w-0 flex-1">
            <List aria-labelledby={several ? labelId : undefined} className="space-y-2">
              {lines.map((line, index) => (
                <SourceLineField
                  key={line.id}
                  as={several ? 'li' : 'div'}
                  line={line}
                  fieldId={`${line.id}-field`}
                  name={several ? (line.pdf ? line.pdf.name : `Address ${index + 1}`) : null}
                  removable={several || line.pdf !== null}
                  invalid={invalidLine === line.id || (!several && error !== null)}
                  describedBy={error || created ? messageId : undefined}
                  fieldRef={(el) => {
                    if (el) fields.current.set(line.id, el);
                    else fields.current.delete(line.id);
                  }}
                  onType={(url) => typeInto(line.id, url)}
                  onPaste={(event) => paste(line.id, event)}
                  onRemove={() => removeLine(line.id)}
                />
              ))}
            </List>
            <AddSourceLine full={lines.length >= MAX_SOURCE_LINES} several={several} onAdd={addLine} />
          </div>
          <Button type="submit" size="lg" loading={loading} disabled={lines.every((l) => l.url === '' && !l.pdf)} className="sm:w-44 sm:self-start">
            Create Podcast
          </Button>
        </div>
        <input
          ref={fileInput}
          type="file"
          multiple
          accept="application/pdf,.pdf"
          tabIndex={-1}
          aria-label="PDF document"
          className="sr-only"
          onChange={(event) => {
            void choose([...(event.currentTarget.files ?? [])]);
            event.currentTarget.value = '';
          }}
        />
        {typeof options === 'function' ? options(filled, error !== null) : options}
        <UrlFormMessages id={messageId} error={error} created={created} madeStatus={madeStatus} leftOut={leftOut} />
        {!signedIn && <p className="mt-4 text-sm text-slate-500">{CONTENT_MESSAGES.signInToSave}</p>}
      </form>
    </section>
  );
}
