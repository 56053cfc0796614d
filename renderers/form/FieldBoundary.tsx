import { Templates } from '@rjsf/antd';
import type { FieldTemplateProps } from '@rjsf/utils';
import { Alert } from 'antd';
import type { FieldDoc } from '../../src/core/document/types';
import { ErrorBoundary } from '../common/ErrorBoundary';
import { t } from './messages';

/** what a broken field says in place of its control: the document, the field and its type */
export function brokenFieldText(doc: string | undefined, f: FieldDoc, error: Error): string {
  const broken = t('brokenField', { field: f.title, key: f.key, type: f.type, error: error.message });
  return doc ? `${doc} · ${broken}` : broken;
}

const AntdFieldTemplate = Templates.FieldTemplate!;

/**
 * antd's field template, each document field inside its own error boundary: one field's renderer
 * failing (a widget that throws, a value it cannot draw) shows a visible error in that field's
 * place, and the rest of the form keeps working instead of the whole app going blank.
 */
export function GuardedFieldTemplate(props: FieldTemplateProps) {
  const field = props.uiSchema?.['ui:options']?.fieldDoc as FieldDoc | undefined;
  if (!field) return <AntdFieldTemplate {...props} />;
  const doc = (props.registry.formContext as { docTitle?: string } | undefined)?.docTitle;
  return (
    <ErrorBoundary
      fallback={(error) => (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 24 }}
          title={brokenFieldText(doc, field, error)}
        />
      )}
    >
      <AntdFieldTemplate {...props} />
    </ErrorBoundary>
  );
}
