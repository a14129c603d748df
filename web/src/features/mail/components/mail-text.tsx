// A mail's plain-text part with its links clickable (the text is shown as text: nothing in it
// is interpreted as HTML).
const LINK = /(https?:\/\/[^\s<>"]+)/g;

export function MailText({ text }: { text: string }) {
  const parts = text.split(LINK);
  return (
    <div className="font-mono text-sm break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200">
      {parts.map((part, i) =>
        // split() with a capture group puts the links at the odd indexes.
        i % 2 === 1 ? (
          <a key={i} href={part} className="text-blue-700 underline dark:text-blue-400">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </div>
  );
}
