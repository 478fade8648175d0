package dev.deflateaccel.lab.levels;

import java.awt.BasicStroke;
import java.awt.Color;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import dev.deflateaccel.lab.experiment.Configuration;
import dev.deflateaccel.lab.experiment.Run;
import dev.deflateaccel.lab.tools.ChartWriter;

/**
 * One scatter plot per chunk size: compress MB/s (log scale) against total size relative to stock
 * zlib 6, each point a level. A point at or below the line at 1.0 is no larger than stock; the
 * default libdeflate level is the rightmost such point.
 */
final class LevelsChart {
    private LevelsChart() {
    }

    /** Returns false (and says why) when there is nothing to draw or drawing failed. */
    static boolean write(List<Run> runs, List<Integer> chunkKiBs, Path png) {
        List<JFreeChart> charts = new ArrayList<>();
        for (int chunkKiB : chunkKiBs) {
            LevelResult stock = runs.stream().filter(r -> r.configuration.isStock())
                    .map(r -> LevelResult.byChunk(r).get(chunkKiB)).findFirst().orElse(null);
            if (stock != null) {
                charts.add(chart(runs, chunkKiB, stock));
            }
        }
        return ChartWriter.write("levels", List.of(), charts, 3, 560, 440, png);
    }

    private static JFreeChart chart(List<Run> runs, int chunkKiB, LevelResult stock) {
        XYSeriesCollection data = new XYSeriesCollection();
        List<List<String>> labels = new ArrayList<>();
        for (String engine : List.of(Configuration.STOCK, LevelsOptions.LIBDEFLATE, LevelsOptions.IGZIP)) {
            XYSeries series = new XYSeries(engine.equals(Configuration.STOCK) ? "stock zlib 6" : engine, false, true);
            List<String> seriesLabels = new ArrayList<>();
            for (Run run : runs) {
                Map<Integer, LevelResult> byChunk = LevelResult.byChunk(run);
                LevelResult r = byChunk.get(chunkKiB);
                if (r != null && run.configuration.engine.equals(engine)) {
                    series.add(r.compress.median, r.sizeVersus(stock));
                    seriesLabels.add(run.configuration.isStock() ? "zlib 6" : "L" + run.configuration.level);
                }
            }
            if (!seriesLabels.isEmpty()) {
                data.addSeries(series);
                labels.add(seriesLabels);
            }
        }
        LogAxis x = new LogAxis("compress MB/s (median, log scale)");
        x.setNumberFormatOverride(new DecimalFormat("0")); // plain MB/s, not powers of ten
        NumberAxis y = new NumberAxis("total size / stock zlib 6");
        y.setAutoRangeIncludesZero(false);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        renderer.setDefaultItemLabelGenerator((dataset, series, item) -> labels.get(series).get(item));
        renderer.setDefaultItemLabelsVisible(true);
        XYPlot plot = ChartWriter.style(new XYPlot(data, x, y, renderer));
        plot.addRangeMarker(new ValueMarker(1.0, Color.GRAY, new BasicStroke(1f)));
        return new JFreeChart(chunkKiB + " KiB chunks: speed against size", JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    }
}
