import { Component, lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import type { ChartProps } from './report-chart';
import * as s from './reports.css';

/** Catches a chart that could not load (its code not on the device yet, with no signal). */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * A chart, loaded when first shown. Its code is not part of the install (the budget has no room for
 * it); the worker keeps it once fetched. With no signal the first time, the page says so and the
 * tables beside it still hold every figure; "Try again" loads it once the signal is back.
 */
export function ChartSlot(props: ChartProps) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: React keeps a failed import's error otherwise.
  const Chart = useMemo(() => lazy(() => import('./report-chart').then((m) => ({ default: m.ReportChart }))), [attempt]);
  const fallback = (
    <div className={s.chartNote} role="status" data-testid="chart-offline">
      <span>Charts need a connection the first time. Every figure is in the table below.</span>
      <Button variant="secondary" onPress={() => setAttempt((a) => a + 1)}>
        Try again
      </Button>
    </div>
  );
  return (
    <ChartBoundary key={attempt} fallback={fallback}>
      <Suspense
        fallback={
          <div className={s.chartNote}>
            <Spinner label="Drawing the chart" />
          </div>
        }
      >
        <Chart {...props} />
      </Suspense>
    </ChartBoundary>
  );
}
