#include "ui/a2ui/sessionsurfaces.h"

namespace agui::ui {

ComposerContext composerContextOf(const SessionSnapshot &snapshot)
{
    ComposerContext context;
    if (snapshot.currentRunIndex() >= 0) {
        const Run &run = snapshot.run(snapshot.currentRunIndex());
        context.previousInput = run.rare().input;
        if (context.previousInput.value(QStringLiteral("threadId")).toString().isEmpty()
            && !run.threadId.isEmpty())
            context.previousInput.insert(QStringLiteral("threadId"), run.threadId);
        if (run.outcomeType == QLatin1String("interrupt"))
            context.pendingInterrupts = run.rare().interrupts;
    }
    context.messages = messagesAsAgUi(snapshot);
    context.state = snapshot.state();
    return context;
}

} // namespace agui::ui
