import type { RendererProps } from '../registry';
import { DocumentList } from './ListPage';

/** The tree online list ("tree list", "Expandable tree table"): roots paged, children on expand. */
export default function TreeList({ code }: RendererProps) {
  return <DocumentList code={code} tree />;
}
