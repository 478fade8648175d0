package dev.deflateaccel.lab.scaling;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.category.DefaultCategoryDataset;

import dev.deflateaccel.lab.tools.ChartGrid;

/** One line chart per direction: median MB/s against thread count, a line per configuration. */
final class ScalingChart {
    private ScalingChart() {
    }

    static boolean write(List<ScalingOutcome> outcomes, ScalingOptions options, Path png) {
        List<JFreeChart> charts = new ArrayList<>();
        for (String direction : options.directions) {
            DefaultCategoryDataset data = new DefaultCategoryDataset();
            for (ScalingOutcome o : outcomes) {
                Map<Integer, ScalingPoint> points = o.points.getOrDefault(direction, Map.of());
                if (!o.usable()) {
                    continue;
                }
                for (int t : options.threads) {
                    ScalingPoint p = points.get(t);
                    if (p != null) {
                        data.addValue(p.throughput().median, o.label(), Integer.valueOf(t));
                    }
                }
            }
            if (data.getRowCount() == 0) {
                continue;
            }
            JFreeChart chart = ChartFactory.createLineChart(direction + ": MB/s by thread count ("
                    + Runtime.getRuntime().availableProcessors() + " cores)", "threads", "MB/s (median)", data,
                    PlotOrientation.VERTICAL, true, false, false);
            CategoryPlot plot = chart.getCategoryPlot();
            plot.setBackgroundPaint(Color.WHITE);
            plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
            charts.add(chart);
        }
        if (charts.isEmpty()) {
            return false;
        }
        try {
            ChartGrid.write(charts, 2, 760, 480, png);
            return true;
        } catch (IOException | RuntimeException | Error e) {
            System.out.println("[scaling] no chart: " + e);
            return false;
        }
    }
}
