package dev.deflateaccel.agent;

import java.lang.management.ManagementFactory;

import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.StandardMBean;

import dev.deflateaccel.bridge.stats.StatisticsRegistry;

/** The {@code dev.deflateaccel:type=Agent} MBean: facts about the running agent. */
final class AgentInfo implements AgentMBean {
    static final String OBJECT_NAME = StatisticsRegistry.DOMAIN + ":type=Agent";

    @Override
    public String getVersion() {
        return AgentVersion.get();
    }

    /**
     * Registers a new instance with the platform MBean server, replacing one an earlier install
     * in this JVM registered (tests install more than once); returns a problem or null.
     */
    static String register() {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try {
            ObjectName name = new ObjectName(OBJECT_NAME);
            if (server.isRegistered(name)) {
                server.unregisterMBean(name);
            }
            // StandardMBean: the interface and the class need not follow the FooMBean/Foo naming rule.
            server.registerMBean(new StandardMBean(new AgentInfo(), AgentMBean.class), name);
            return null;
        } catch (JMException | RuntimeException e) {
            return "cannot register JMX bean " + OBJECT_NAME + ": " + e;
        }
    }
}
