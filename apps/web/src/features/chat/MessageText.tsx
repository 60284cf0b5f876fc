import { messageParts } from '@kedai/domain';

/** How every link in a message opens: a new tab, no referrer, no endorsement of a user's link. */
export const USER_LINK_REL = 'noopener noreferrer nofollow ugc';

/**
 * A message's text as text, its http(s) links made clickable (`messageParts`): React escapes every
 * part, so nothing a user wrote is ever read as HTML. Line breaks are kept by the bubble's CSS.
 */
export function MessageText({ text, className }: { text: string; className?: string | undefined }) {
  return (
    <p className={className}>
      {messageParts(text).map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href} target="_blank" rel={USER_LINK_REL}>
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
