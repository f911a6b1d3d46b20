import { parseInline, parseMarkdown } from './markdown.ts';
import styles from './markdown-view.module.css';

function Inline({ text }: { text: string }) {
  return (
    <>
      {parseInline(text).map((run, index) =>
        run.type === 'code' ? (
          <code key={index}>{run.text}</code>
        ) : run.type === 'strong' ? (
          <strong key={index}>{run.text}</strong>
        ) : (
          <span key={index}>{run.text}</span>
        ),
      )}
    </>
  );
}

/** Content Markdown as React elements (headings, lists, paragraphs; never raw HTML). */
export function MarkdownView({ source, className }: { source: string; className?: string }) {
  return (
    <div className={`${styles.md} ${className ?? ''}`}>
      {parseMarkdown(source).map((block, index) => {
        switch (block.type) {
          case 'heading':
            return (
              <h3 key={index}>
                <Inline text={block.text} />
              </h3>
            );
          case 'list': {
            const items = block.items.map((item, i) => (
              <li key={i}>
                <Inline text={item} />
              </li>
            ));
            return block.ordered ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
          }
          case 'paragraph':
            return (
              <p key={index}>
                <Inline text={block.text} />
              </p>
            );
        }
      })}
    </div>
  );
}
