package dev.deflateaccel.agent;

import java.lang.management.ManagementFactory;
import java.util.Set;

import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.StandardMBean;

import dev.deflateaccel.bridge.AccelLog;

/** Registers the agent's control MBean and unregisters the agent's MBeans by pattern; never throws. */
final class AgentMBeans {
    private AgentMBeans() {
    }

    static void register(AgentControlMBean agent, AccelLog log) {
        try {
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            ObjectName name = new ObjectName(LiveAgent.MBEAN_NAME);
            if (server.isRegistered(name)) {
                server.unregisterMBean(name);
            }
            server.registerMBean(new StandardMBean(agent, AgentControlMBean.class), name);
        } catch (JMException | RuntimeException e) {
            log.warn("cannot register " + LiveAgent.MBEAN_NAME + ": " + e);
        }
    }

    static void unregister(String pattern) {
        try {
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            Set<ObjectName> names = server.queryNames(new ObjectName(pattern), null);
            for (ObjectName n : names) {
                try {
                    server.unregisterMBean(n);
                } catch (JMException ignored) {
                    // gone meanwhile
                }
            }
        } catch (JMException | RuntimeException ignored) {
            // nothing to unregister
        }
    }
}
