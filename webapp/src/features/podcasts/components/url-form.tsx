/**
 * The home page's URL card: one URL field and Create Podcast. An address that is not a website, or a
 * choice the server would refuse (minutes out of range), is refused before anything is sent; that
 * message and the server's refusals show in the form and as a toast (the estimate line then stays
 * quiet, so a failure is told in one wording). On success the field clears and
 * the form says the podcast is on its way, then 'Podcast created successfully!' once it is ready.
 *
 * One podcast per intent: Create is busy while its request is out (a second click before the page
 * re-renders is ignored too), and the request carries a key the server honours, so a request sent
 * twice still makes one podcast. The same request sent again after a lost answer keeps its key; a
 * made podcast or a changed request takes a new one.
 *
 * A PDF chosen from disk or dropped on the card takes the address's place (its name and size shown,
 * with a way to remove it); a file over the cap or that is not a PDF is refused before it is sent.
 */
import { useId, useRef, useState, type DragEvent, type FormEvent, type ReactNode } from 'react';
import { CircleAlert, CircleCheck, FileText, Link2, Sparkles, X } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import type { CreateFromUrl, Podcast, PodcastStatus } from '../../../../../shared/api/podcasts.ts';
import { PDF_LIMITS } from '../../../../../shared/constants.ts';
import { CONTENT_MESSAGES } from '../../../../../shared/errors.ts';
import { toast } from '../../../../../shared/ui/toast.tsx';
import { validateUrlForm, withScheme } from '../../../../../shared/validation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { pagecast } from '../../../lib/api-client.ts';
import { fileSize, readPdfFile, type ChosenPdf } from '../utils/pdf-file.ts';

/** What the card would make a podcast of: the address typed, or the PDF chosen. */
export interface FormSource {
  url: string;
  pdf: ChosenPdf | null;
}

const draggingFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

interface UrlFormProps {
  signedIn: boolean;
  onCreated: (podcast: Podcast) => void;
  /** What else the podcast is asked with (voice, mode, minutes, draft); the server's choice for any absent. */
  choices?: Omit<CreateFromUrl, 'url'>;
  /** Why the choices cannot be sent as they are; Create shows it instead of sending. */
  choiceError?: string | null;
  /** Fields under the address (mode, length, voice), given the address as typed or the PDF chosen, and whether the form shows a failure. */
  options?: ReactNode | ((source: FormSource, failed: boolean) => ReactNode);
  /** Where the podcast this form made last is now (its card tells a failure). */
  madeStatus?: PodcastStatus | null;
}

export function UrlForm({ signedIn, onCreated, choices, choiceError = null, options, madeStatus = null }: UrlFormProps) {
  const [url, setUrl] = useState('');
  const [pdf, setPdf] = useState<ChosenPdf | null>(null);
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState(false);
  const inputId = useId();
  const fileInputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const messageId = useId();
  const sending = useRef(false);
  const lastRequest = useRef<{ body: string; key: string } | null>(null);
  const create = useMutation({
    mutationFn: ({ address, file, choices }: { address: string; file: ChosenPdf | null; choices?: Omit<CreateFromUrl, 'url'> }) => {
      const request = file ? { ...choices, file: { name: file.name, data: file.data } } : { ...choices, url: withScheme(address) };
      const body = JSON.stringify(file ? { ...choices, file: file.key } : request);
      if (lastRequest.current?.body !== body) lastRequest.current = { body, key: crypto.randomUUID() };
      return pagecast.podcasts.create({ ...request, requestKey: lastRequest.current.key });
    },
    onSettled: () => {
      sending.current = false;
    },
    onSuccess: (podcast) => {
      lastRequest.current = null;
      setUrl('');
      setPdf(null);
      setCreated(true);
      onCreated(podcast);
    },
    onError: (err) => {
      const message = (err instanceof Error && err.message) || CONTENT_MESSAGES.createFailed;
      setError(message);
      toast.error(message);
    },
  });
  const loading = create.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    setCreated(false);
    const invalid = (pdf ? null : validateUrlForm(url)) ?? choiceError;
    if (invalid) {
      setError(invalid);
      toast.error(invalid);
      return;
    }
    setError(null);
    sending.current = true;
    create.mutate({ address: url, file: pdf, choices });
  }

  async function choose(file: File | undefined) {
    if (!file) return;
    setCreated(false);
    setError(null);
    try {
      setPdf(await readPdfFile(file));
    } catch (err) {
      const message = (err instanceof Error && err.message) || CONTENT_MESSAGES.createFailed;
      setError(message);
      toast.error(message);
    }
  }

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
        void choose(event.dataTransfer.files[0]);
      }}
    >
      <div className="flex items-start gap-3">
        <span className="hidden h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 sm:flex">
          <Sparkles aria-hidden size={20} />
        </span>
        <div>
          <h2 id="url-input-title" className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
            Convert Any Website to Podcast
          </h2>
          <p className="mt-1 text-sm text-slate-600 sm:text-base">
            Paste the address of an article, a blog post or a report, or{' '}
            {/* A button, not the file input's label: it shows its focus, and Enter opens the chooser as Space does. */}
            <button
              type="button"
              onClick={() => fileInput.current?.click()}
              className="cursor-pointer rounded-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              choose a PDF
            </button>{' '}
            (up to {fileSize(PDF_LIMITS.maxBytes)}, or drop it here).
          </p>
        </div>
      </div>

      <form noValidate onSubmit={submit} className="mt-6">
        <label htmlFor={inputId} className="mb-2 block text-sm font-medium text-slate-700">
          {pdf ? 'PDF document' : 'Website URL'}
        </label>
        <div className="flex flex-col gap-3 sm:flex-row">
          {pdf ? (
            <div
              id={inputId}
              data-testid="chosen-pdf"
              className="flex h-12 min-w-0 flex-1 items-center gap-3 rounded-lg border border-slate-300 bg-slate-50 pr-2 pl-3.5 text-slate-900"
            >
              <FileText aria-hidden size={18} className="shrink-0 text-brand-600" />
              <span className="truncate font-medium">{pdf.name}</span>
              <span className="shrink-0 text-sm text-slate-500">{fileSize(pdf.size)}</span>
              <button
                type="button"
                aria-label={`Remove ${pdf.name}`}
                onClick={() => {
                  setPdf(null);
                  setError(null);
                }}
                className="ml-auto rounded-md p-1.5 text-slate-500 hover:bg-slate-200 hover:text-slate-800"
              >
                <X aria-hidden size={16} />
              </button>
            </div>
          ) : (
            <div className="relative flex-1">
              <Link2 aria-hidden size={18} className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-slate-400" />
              <input
                id={inputId}
                name="url"
                type="url"
                required
                inputMode="url"
                autoComplete="url"
                placeholder="https://example.com/article"
                value={url}
                onChange={(e) => {
                  setUrl(e.currentTarget.value);
                  setError(null);
                  setCreated(false);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={error || created ? messageId : undefined}
                className="h-12 w-full rounded-lg border border-slate-300 bg-white pr-4 pl-10 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none aria-invalid:border-red-400"
              />
            </div>
          )}
          <Button type="submit" size="lg" loading={loading} disabled={url === '' && !pdf} className="sm:w-44">
            Create Podcast
          </Button>
        </div>
        <input
          ref={fileInput}
          id={fileInputId}
          type="file"
          accept="application/pdf,.pdf"
          tabIndex={-1}
          aria-label="PDF document"
          className="sr-only"
          onChange={(event) => {
            void choose(event.currentTarget.files?.[0]);
            event.currentTarget.value = '';
          }}
        />
        {typeof options === 'function' ? options({ url, pdf }, error !== null) : options}
        <div id={messageId} aria-live="polite" className="min-h-0">
          {error && (
            <p role="alert" className="mt-3 flex items-start gap-2 text-sm font-medium text-red-700">
              <CircleAlert aria-hidden size={16} className="mt-0.5 shrink-0" />
              {error}
            </p>
          )}
          {created && !error && madeStatus !== 'failed' && (
            <p className="mt-3 flex items-center gap-2 text-sm font-medium text-emerald-700">
              <CircleCheck aria-hidden size={16} className="shrink-0" />
              {madeStatus === 'ready' || madeStatus === 'drafted' ? CONTENT_MESSAGES.created : CONTENT_MESSAGES.starting}
            </p>
          )}
        </div>
        {!signedIn && <p className="mt-4 text-sm text-slate-500">{CONTENT_MESSAGES.signInToSave}</p>}
      </form>
    </section>
  );
}
