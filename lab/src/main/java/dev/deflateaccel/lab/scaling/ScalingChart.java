package dev.deflateaccel.lab.scaling;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.category.DefaultCategoryDataset;

import dev.deflateaccel.lab.experiment.Run;
import dev.deflateaccel.lab.tools.ChartWriter;

/** One line chart per direction: median MB/s against thread count, a line per configuration. */
final class ScalingChart {
    private ScalingChart() {
    }

    static boolean write(List<Run> runs, ScalingOptions options, Path png) {
        List<JFreeChart> charts = new ArrayList<>();
        for (String direction : options.directions) {
            DefaultCategoryDataset data = new DefaultCategoryDataset();
            for (Run run : runs) {
                for (ScalingPoint p : ScalingReport.points(run, direction, options.chunkBytes()).values()) {
                    data.addValue(p.throughput().median, ScalingOptions.label(run), Integer.valueOf(p.threads));
                }
            }
            if (data.getRowCount() > 0) {
                JFreeChart chart = ChartFactory.createLineChart(direction + ": MB/s by thread count ("
                        + Runtime.getRuntime().availableProcessors() + " cores)", "threads", "MB/s (median)", data,
                        PlotOrientation.VERTICAL, true, false, false);
                ChartWriter.style(chart.getCategoryPlot());
                charts.add(chart);
            }
        }
        return ChartWriter.write("scaling", List.of(), charts, 2, 760, 480, png);
    }
}
