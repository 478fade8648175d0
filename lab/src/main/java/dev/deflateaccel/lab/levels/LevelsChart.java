package dev.deflateaccel.lab.levels;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.ArrayList;
import java.util.List;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import dev.deflateaccel.lab.tools.ChartGrid;

/**
 * One scatter plot per chunk size: compress MB/s (log scale) against total size relative to stock
 * zlib 6, each point a level. A point at or below the line at 1.0 is no larger than stock; the
 * default libdeflate level is the rightmost such point.
 */
final class LevelsChart {
    private LevelsChart() {
    }

    /** Returns false (and says why) when there is nothing to draw or drawing failed. */
    static boolean write(List<LevelOutcome> outcomes, List<Integer> chunkKiBs, Path png) {
        List<JFreeChart> charts = new ArrayList<>();
        for (int chunkKiB : chunkKiBs) {
            LevelResult stock = stock(outcomes, chunkKiB);
            if (stock != null) {
                charts.add(chart(outcomes, chunkKiB, stock));
            }
        }
        if (charts.isEmpty()) {
            return false;
        }
        try {
            ChartGrid.write(charts, 3, 560, 440, png);
            return true;
        } catch (IOException | RuntimeException | Error e) {
            System.out.println("[levels] no chart: " + e);
            return false;
        }
    }

    private static JFreeChart chart(List<LevelOutcome> outcomes, int chunkKiB, LevelResult stock) {
        XYSeriesCollection data = new XYSeriesCollection();
        List<List<String>> labels = new ArrayList<>();
        for (String engine : List.of(LevelConfig.STOCK, LevelConfig.LIBDEFLATE, LevelConfig.IGZIP)) {
            XYSeries series = new XYSeries(engine.equals(LevelConfig.STOCK) ? "stock zlib 6" : engine, false, true);
            List<String> seriesLabels = new ArrayList<>();
            for (LevelOutcome o : outcomes) {
                LevelResult r = o.byChunk.get(chunkKiB);
                if (o.usable() && r != null && o.config.engine.equals(engine)) {
                    series.add(r.compress.median, r.sizeVersus(stock));
                    seriesLabels.add(engine.equals(LevelConfig.STOCK) ? "zlib 6" : "L" + o.config.level);
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
        XYPlot plot = new XYPlot(data, x, y, renderer);
        ValueMarker stockSize = new ValueMarker(1.0, Color.GRAY, new BasicStroke(1f));
        plot.addRangeMarker(stockSize);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        return new JFreeChart(chunkKiB + " KiB chunks: speed against size", JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    }

    private static LevelResult stock(List<LevelOutcome> outcomes, int chunkKiB) {
        for (LevelOutcome o : outcomes) {
            if (o.usable() && o.config.isStock()) {
                return o.byChunk.get(chunkKiB);
            }
        }
        return null;
    }
}
