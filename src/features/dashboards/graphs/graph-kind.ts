import type {
  ChartGraph,
  DifferenceGraph,
  GaugeGraph,
  Graph,
  MultiChartGraph,
  ScoreGraph,
  WindGraph,
} from '../../../../contracts/dashboard.ts';

/**
 * A graph by what it is. The contract's union is not told apart by `type`
 * alone in TypeScript (every member's `type` is typed as any graph type), so
 * the fields each type has decide, and `type` must agree.
 */
export type GraphKind =
  | { kind: 'chart'; graph: ChartGraph }
  | { kind: 'gauge'; graph: GaugeGraph }
  | { kind: 'difference'; graph: DifferenceGraph }
  | { kind: 'score'; graph: ScoreGraph }
  | { kind: 'wind'; graph: WindGraph }
  | { kind: 'multiChart'; graph: MultiChartGraph }
  | { kind: 'map' };

export function graphKind(graph: Graph): GraphKind {
  switch (graph.type) {
    case 1:
      return { kind: 'gauge', graph: graph as GaugeGraph };
    case 2:
      if ('dataSources' in graph && !Array.isArray(graph.dataSources))
        return { kind: 'difference', graph: graph as DifferenceGraph };
      break;
    case 3:
      if ('dataSources' in graph && Array.isArray(graph.dataSources))
        return { kind: 'score', graph: graph as ScoreGraph };
      break;
    case 4:
      return { kind: 'wind', graph: graph as WindGraph };
    case 5:
    case 7:
      return { kind: 'map' };
    case 6:
      if ('deviceTypeId' in graph) return { kind: 'multiChart', graph: graph as MultiChartGraph };
      break;
  }
  return { kind: 'chart', graph: graph as ChartGraph };
}
