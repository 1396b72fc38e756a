#pragma once

#include <QJsonObject>

namespace agui::bench {

// What the figures were measured on: CPU model, cores, RAM, kernel.
QJsonObject machineInfo();

// How busy the machine was while one row ran: load averages at its start and end, and the share
// of all CPUs that OTHER processes used meanwhile (all CPU time the kernel counted, /proc/stat,
// minus the CPU time of the driver and of the children it waited for). A shared machine where
// others compile shows up here, not only as noise in the figures.
class BusyMeter
{
public:
    BusyMeter(); // starts measuring
    QJsonObject finish() const; // {loadStart, loadEnd, othersCpuShare, wallS}

private:
    double m_loadStart = 0;
    qint64 m_startNs = 0;
    double m_busyS = 0;
    double m_ownS = 0;
};

double loadAverage1();
int cpuCount();

} // namespace agui::bench
