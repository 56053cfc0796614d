import { Component, type ReactNode } from 'react';
import { Templates } from '@rjsf/antd';
import type { FieldTemplateProps } from '@rjsf/utils';
import { Alert } from 'antd';
import type { FieldDoc } from '../../src/core/document/types';

interface BoundaryProps {
  /** the document's title (EntityFormModal's formContext.docTitle) */
  doc?: string;
  field: FieldDoc;
  children: ReactNode;
}

/** what a broken field says in place of its control: the document, the field and its type */
export function brokenFieldText(doc: string | undefined, f: FieldDoc, error: Error): string {
  return `${doc ? `${doc} · ` : ''}${f.title}（${f.key}，类型 ${f.type}）无法显示：${error.message}`;
}

/**
 * One field's renderer failing (a widget that throws, a value it cannot draw) shows a visible error
 * in that field's place; the rest of the form keeps working instead of the whole app going blank.
 */
export class FieldBoundary extends Component<BoundaryProps, { error: Error | null }> {
  state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Alert
        type="error"
        showIcon
        style={{ marginBottom: 24 }}
        title={brokenFieldText(this.props.doc, this.props.field, error)}
      />
    );
  }
}

const AntdFieldTemplate = Templates.FieldTemplate!;

/** antd's field template, each document field inside its own FieldBoundary */
export function GuardedFieldTemplate(props: FieldTemplateProps) {
  const field = props.uiSchema?.['ui:options']?.fieldDoc as FieldDoc | undefined;
  if (!field) return <AntdFieldTemplate {...props} />;
  const doc = (props.registry.formContext as { docTitle?: string } | undefined)?.docTitle;
  return (
    <FieldBoundary doc={doc} field={field}>
      <AntdFieldTemplate {...props} />
    </FieldBoundary>
  );
}
