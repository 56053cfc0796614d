import { Component, type ReactNode } from 'react';
import { Button, Result } from 'antd';

interface Props {
  /** the page's address: for an online list it names the document (/online/cgformList/<code>) */
  fullPath: string;
  children: ReactNode;
}

/**
 * A routed page that fails while rendering (a broken renderer, a chunk that will not load) shows
 * what failed and where, inside its own tab; the shell, the menu and the other tabs keep working.
 */
export class PageBoundary extends Component<Props, { error: Error | null }> {
  state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Result
        status="error"
        title="页面出错了"
        subTitle={`${this.props.fullPath}：${error.message}`}
        extra={
          <Button type="primary" onClick={() => this.setState({ error: null })}>
            重试
          </Button>
        }
      />
    );
  }
}
