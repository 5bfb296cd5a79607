import type { ScriptBlock } from '../utils/transcript.ts';

/** A script's blocks as the transcript views show them: `# Title` lines as headings, the rest as paragraphs. */
export function ScriptBlocks({ blocks }: { blocks: readonly ScriptBlock[] }) {
  return blocks.map((block, i) =>
    block.heading ? (
      <h3 key={i} className="pt-2 text-lg font-semibold text-slate-900">
        {block.text}
      </h3>
    ) : (
      <p key={i}>{block.text}</p>
    ),
  );
}
