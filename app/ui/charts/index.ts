export { BarChart, DataTable, HorizontalBars, type BarDatum } from './BarChart';
export { HeatMap } from './HeatMap';
