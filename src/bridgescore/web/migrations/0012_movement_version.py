from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('bridgescore', '0011_hand_analysis'),
    ]

    operations = [
        migrations.AddField(
            model_name='session',
            name='movement_version',
            field=models.PositiveIntegerField(default=1, help_text="raised each time the movement changes: a process keeps the movement parsed by it, without reading or comparing the movement's text"),
        ),
    ]
